import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AUTH_RULES } from '@attune/contract';
import { PasswordField } from '../../../components/ui/password-field';
import type { FieldIssue } from './flow-alert';
import { StepHeading } from '../../../components/ui/step-heading';

const newPasswordSchema = z
  .object({
    password: z
      .string()
      .min(AUTH_RULES.passwordMinLength, 'tooShort')
      .max(AUTH_RULES.passwordMaxLength, 'tooLong'),
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'mismatch',
  });

type NewPasswordValues = z.infer<typeof newPasswordSchema>;

export interface NewPasswordStepProps {
  email: string;
  title: string;
  accountText: string;
  passwordLabel: string;
  submitLabel: string;
  pending: boolean;
  stepCount: number;
  /** The server refused the password (too common, …): shown at the field, which takes the focus. */
  passwordIssue?: FieldIssue | null | undefined;
  onSubmit: (password: string) => void;
}

/** Step 3: a new password typed twice (at least 8 characters), with show/hide buttons. */
export function NewPasswordStep({
  email,
  title,
  accountText,
  passwordLabel,
  submitLabel,
  pending,
  stepCount,
  passwordIssue,
  onSubmit,
}: NewPasswordStepProps) {
  const { t } = useTranslation('auth');
  const { register, handleSubmit, formState, setError } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });

  // The server's refusal goes to the field like the form's own checks, and leaves with the next edit.
  useEffect(() => {
    if (passwordIssue)
      setError('password', { type: 'server', message: passwordIssue.text }, { shouldFocus: true });
  }, [passwordIssue, setError]);

  const { ref: passwordRef, ...passwordField } = register('password');
  const { ref: confirmRef, ...confirmField } = register('confirm');
  const passwordError = formState.errors.password;
  const confirmError = formState.errors.confirm?.message;
  const hint = t('fields.password.hint', { count: AUTH_RULES.passwordMinLength });

  const passwordMessage =
    passwordError?.type === 'server'
      ? passwordError.message
      : passwordError?.message === 'tooLong'
        ? t('fields.password.tooLong', { count: AUTH_RULES.passwordMaxLength })
        : passwordError
          ? t('fields.password.tooShort', { count: AUTH_RULES.passwordMinLength })
          : hint;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ password }) => !pending && onSubmit(password))}
    >
      <StepHeading step={3} count={stepCount} takeFocus>
        {title}
      </StepHeading>
      <Typography sx={{ mb: 3, overflowWrap: 'anywhere' }}>{accountText}</Typography>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        {...passwordField}
        inputRef={passwordRef}
        id="new-password"
        label={passwordLabel}
        autoComplete="new-password"
        required
        fullWidth
        error={Boolean(passwordError)}
        helperText={passwordMessage}
      />
      <PasswordField
        {...confirmField}
        inputRef={confirmRef}
        id="confirm-password"
        label={t('fields.password.confirmLabel')}
        autoComplete="new-password"
        required
        fullWidth
        sx={{ mt: 3 }}
        error={Boolean(confirmError)}
        helperText={confirmError ? t('fields.password.mismatch') : undefined}
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
