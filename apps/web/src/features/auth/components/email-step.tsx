import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Email } from '@attune/contract';
import { PlainTextField } from '../../../components/ui/plain-text-field';
import { StepHeading } from './step-heading';

const emailFormSchema = z.object({ email: Email });

export interface EmailStepProps {
  title: string;
  text: string;
  /** A second paragraph, e.g. who a staff account is for. */
  note?: string | undefined;
  submitLabel: string;
  defaultEmail?: string;
  pending: boolean;
  stepCount: number;
  takeFocus: boolean;
  onSubmit: (email: string) => void;
}

/** Step 1 of sign-up and recovery: the e-mail address that gets the code. */
export function EmailStep({
  title,
  text,
  note,
  submitLabel,
  defaultEmail = '',
  pending,
  stepCount,
  takeFocus,
  onSubmit,
}: EmailStepProps) {
  const { t } = useTranslation('auth');
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof emailFormSchema>,
    unknown,
    z.output<typeof emailFormSchema>
  >({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: defaultEmail },
  });
  const { ref, ...field } = register('email');
  const invalid = Boolean(formState.errors.email);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ email }) => !pending && onSubmit(email))}
    >
      <StepHeading step={1} count={stepCount} takeFocus={takeFocus}>
        {title}
      </StepHeading>
      <Typography sx={{ mb: note ? 1.5 : 3 }}>{text}</Typography>
      {note ? <Typography sx={{ mb: 3 }}>{note}</Typography> : null}
      <PlainTextField
        {...field}
        inputRef={ref}
        id="email"
        type="email"
        label={t('fields.email.label')}
        autoComplete="email"
        required
        fullWidth
        error={invalid}
        helperText={invalid ? t('fields.email.invalid') : undefined}
        htmlInput={{ inputMode: 'email', autoCapitalize: 'none', spellCheck: 'false' }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 3 }}
        aria-busy={pending}
      >
        {submitLabel}
      </Button>
    </Box>
  );
}
