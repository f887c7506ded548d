import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AUTH_RULES } from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { OtpInput } from '../../../components/ui/otp-input';
import { errorCodeText, errorText } from '../../../lib/error-text';
import { useConfirmEmail } from '../../../lib/api/profile/confirm-email';

export interface EmailConfirmFormProps {
  /** The address the code went to. */
  pendingEmail: string;
  /** The member's address until the code is confirmed. */
  currentEmail: string;
  /** The mail could not be sent yet (`mail_delayed`): it will come a little later. */
  delayed: boolean;
  onConfirmed: (email: string) => void;
  /** Back to the e-mail form, to type another address. */
  onCancel: () => void;
}

/**
 * The second step of changing the e-mail address: the code mailed to the new address. Until it is
 * confirmed, the member keeps the old address. Takes the focus when it appears, so keyboard and
 * screen reader users land on the instruction.
 */
export function EmailConfirmForm({
  pendingEmail,
  currentEmail,
  delayed,
  onConfirmed,
  onCancel,
}: EmailConfirmFormProps) {
  const { t } = useTranslation('profile');
  const confirm = useConfirmEmail();
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    if (code.length !== AUTH_RULES.codeLength) {
      setIncomplete(true);
      return;
    }
    setError(null);
    try {
      const answer = await confirm.mutateAsync({ code });
      onConfirmed(answer.email);
    } catch (caught) {
      setError(errorText(caught, t('account.email.confirmFailed')));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event: FormEvent) => void handleSubmit(event)}>
      <Typography
        variant="h4"
        component="h4"
        ref={heading}
        tabIndex={-1}
        sx={{ mb: 1, fontSize: '1.125rem', fontWeight: 700 }}
      >
        {t('account.email.confirmTitle')}
      </Typography>
      <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {t('account.email.confirmText', {
          email: pendingEmail,
          current: currentEmail,
          minutes: AUTH_RULES.codeValidMinutes,
        })}
      </Typography>
      <FormAlert severity="warning">{delayed ? errorCodeText('mail_delayed', {}) : null}</FormAlert>
      <OtpInput
        label={t('account.email.codeLabel')}
        value={code}
        length={AUTH_RULES.codeLength}
        onChange={(value) => {
          setCode(value);
          if (value.length === AUTH_RULES.codeLength) setIncomplete(false);
        }}
        error={
          incomplete
            ? t('account.email.codeIncomplete', { digits: AUTH_RULES.codeLength })
            : undefined
        }
      />
      <FormAlert severity="error">{error}</FormAlert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" size="large" aria-busy={confirm.isPending}>
          {confirm.isPending ? t('account.email.confirming') : t('account.email.confirmSubmit')}
        </Button>
        <Button type="button" variant="text" size="large" onClick={onCancel}>
          {t('account.email.cancel')}
        </Button>
      </Stack>
    </Box>
  );
}
