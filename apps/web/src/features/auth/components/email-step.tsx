import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Email } from '@attune/contract';
import { PlainTextField } from '../../../components/ui/plain-text-field';
import type { FieldIssue } from './flow-alert';
import { StepHeading } from '../../../components/ui/step-heading';

const emailFormSchema = z.object({ email: Email });

export interface EmailStepProps {
  title: string;
  text: string;
  /** A second paragraph, e.g. who a staff account is for. */
  note?: string | undefined;
  submitLabel: string;
  defaultEmail?: string;
  /** The address is given (an invitation's): shown, sent, but not changed here. */
  readOnly?: boolean | undefined;
  pending: boolean;
  stepCount: number;
  takeFocus: boolean;
  /** The server refused the address: shown at the field, which takes the focus. */
  emailIssue?: FieldIssue | null | undefined;
  /** A way out shown under the field while the server's refusal stands (given the typed address). */
  issueAction?: ((email: string) => ReactNode) | undefined;
  onSubmit: (email: string) => void;
}

/** Step 1 of sign-up and recovery: the e-mail address that gets the code. */
export function EmailStep({
  title,
  text,
  note,
  submitLabel,
  defaultEmail = '',
  readOnly = false,
  pending,
  stepCount,
  takeFocus,
  emailIssue,
  issueAction,
  onSubmit,
}: EmailStepProps) {
  const { t } = useTranslation('auth');
  const { register, handleSubmit, formState, setError, getValues } = useForm<
    z.input<typeof emailFormSchema>,
    unknown,
    z.output<typeof emailFormSchema>
  >({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: defaultEmail },
  });
  const { ref, ...field } = register('email');
  const error = formState.errors.email;
  const fromServer = error?.type === 'server';

  // The server's refusal goes to the field like the form's own check, and leaves with the next edit.
  useEffect(() => {
    if (emailIssue)
      setError('email', { type: 'server', message: emailIssue.text }, { shouldFocus: true });
  }, [emailIssue, setError]);

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
        error={Boolean(error)}
        helperText={fromServer ? error.message : error ? t('fields.email.invalid') : undefined}
        htmlInput={{ inputMode: 'email', autoCapitalize: 'none', spellCheck: 'false', readOnly }}
      />
      {fromServer && issueAction ? (
        <Box sx={{ mt: 2 }}>{issueAction(getValues('email').trim())}</Box>
      ) : null}
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
