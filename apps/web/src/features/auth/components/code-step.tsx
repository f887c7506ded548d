import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AUTH_RULES } from '@attune/contract';
import { OtpInput } from '../../../components/ui/otp-input';
import { StepHeading } from '../../../components/ui/step-heading';

export interface CodeStepProps {
  email: string;
  pending: boolean;
  stepCount: number;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onChangeEmail: () => void;
}

/** Step 2: the 6-digit code from the e-mail, with ways to get a new code or change the address. */
export function CodeStep({
  email,
  pending,
  stepCount,
  onSubmit,
  onResend,
  onChangeEmail,
}: CodeStepProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (code.length !== AUTH_RULES.codeLength) {
      setIncomplete(true);
      return;
    }
    onSubmit(code);
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit}>
      <StepHeading step={2} count={stepCount} takeFocus>
        {t('codeStep.title')}
      </StepHeading>
      <Typography sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {t('codeStep.text', { email, minutes: AUTH_RULES.codeValidMinutes })}
      </Typography>
      <OtpInput
        label={t('fields.code.label')}
        value={code}
        length={AUTH_RULES.codeLength}
        onChange={(value) => {
          setCode(value);
          if (value.length === AUTH_RULES.codeLength) setIncomplete(false);
        }}
        error={incomplete ? t('fields.code.incomplete') : undefined}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 3 }}
        aria-busy={pending}
      >
        {pending ? t('codeStep.submitting') : t('codeStep.submit')}
      </Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button type="button" variant="outlined" onClick={onResend}>
          {t('codeStep.resend')}
        </Button>
        <Button type="button" variant="text" onClick={onChangeEmail}>
          {t('codeStep.changeEmail')}
        </Button>
      </Stack>
    </Box>
  );
}
