import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AUTH_RULES } from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import {
  emailPayload,
  passwordPayload,
  type EmailValues,
  type PasswordValues,
} from '../lib/payload';
import { useSaveProfile } from '../hooks/use-save-profile';
import { EmailConfirmForm } from './email-confirm-form';
import { SectionForm } from './section-form';
import type { SectionProps } from './section-props';
import { SettingsSection } from './settings-section';

const emailSchema = z.object({
  email: z.email('email'),
  currentPassword: z.string().min(1, 'currentPassword'),
});

const passwordSchema = z
  .object({
    password: z
      .string()
      .min(AUTH_RULES.passwordMinLength, 'passwordShort')
      .max(AUTH_RULES.passwordMaxLength, 'passwordLong'),
    confirmPassword: z.string(),
    currentPassword: z.string().min(1, 'currentPassword'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordMismatch',
  });

/** The texts of the account form errors; counts fill in the password limits. */
function useErrorText() {
  const { t } = useTranslation('profile');
  return (code: string | undefined) => {
    if (!code) return undefined;
    const count =
      code === 'passwordLong' ? AUTH_RULES.passwordMaxLength : AUTH_RULES.passwordMinLength;
    return t(`errors.${code}` as 'errors.email', { count });
  };
}

/**
 * The e-mail address, changed in two steps: the new address and the current password, then the
 * code the server mailed to the new address (EmailConfirmForm). The address changes only then.
 */
function EmailForm({ me }: Pick<SectionProps, 'me'>) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const saveState = useSaveProfile();
  const [pending, setPending] = useState<{ email: string; delayed: boolean } | null>(null);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const focusTitle = useRef(false);
  const { register, handleSubmit, formState, resetField, reset } = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: me.email ?? '', currentPassword: '' },
  });
  const email = register('email');
  const current = register('currentPassword');

  // Leaving the code step (confirmed or cancelled) removes the focused form: the focus goes to
  // this form's heading instead of being lost to the page.
  useEffect(() => {
    if (pending || !focusTitle.current) return;
    focusTitle.current = false;
    title.current?.focus();
  }, [pending]);

  const onSubmit = handleSubmit(async (values) => {
    const answer = await saveState.save(emailPayload(values));
    if (!answer) return;
    resetField('currentPassword');
    setChangedTo(null);
    if (answer.pendingEmail)
      setPending({ email: answer.pendingEmail, delayed: answer.notice === 'mail_delayed' });
  });
  const leaveCodeStep = () => {
    focusTitle.current = true;
    setPending(null);
  };

  return (
    <Box component="div" sx={{ mb: 4 }}>
      <Typography variant="h3" id="settings-email" ref={title} tabIndex={-1} sx={{ mb: 2 }}>
        {t('account.email.title')}
      </Typography>
      {pending ? (
        <EmailConfirmForm
          pendingEmail={pending.email}
          currentEmail={me.email ?? ''}
          delayed={pending.delayed}
          onConfirmed={(confirmed) => {
            reset({ email: confirmed, currentPassword: '' });
            // Said once, in the form's own status next to the address (a live region), where
            // the focus goes: a snackbar saying it again was read out twice and covered the form.
            setChangedTo(confirmed);
            leaveCodeStep();
          }}
          onCancel={() => {
            reset({ email: me.email ?? '', currentPassword: '' });
            leaveCodeStep();
          }}
        />
      ) : (
        <SectionForm
          saveState={saveState}
          onSubmit={(event) => void onSubmit(event)}
          submitLabel={t('account.email.submit')}
        >
          <FormAlert severity="success">
            {changedTo ? t('account.email.changed', { email: changedTo }) : null}
          </FormAlert>
          <TextField
            {...email}
            inputRef={email.ref}
            id="account-email"
            type="email"
            label={t('account.email.label')}
            autoComplete="email"
            required
            fullWidth
            error={Boolean(formState.errors.email)}
            helperText={errorText(formState.errors.email?.message) ?? t('account.email.hint')}
            sx={{ mb: 3 }}
          />
          <PasswordField
            {...current}
            inputRef={current.ref}
            id="account-email-current-password"
            label={t('account.currentPassword')}
            autoComplete="current-password"
            required
            fullWidth
            error={Boolean(formState.errors.currentPassword)}
            helperText={
              errorText(formState.errors.currentPassword?.message) ??
              t('account.currentPasswordHint')
            }
          />
        </SectionForm>
      )}
    </Box>
  );
}

function PasswordForm({ me }: Pick<SectionProps, 'me'>) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const saveState = useSaveProfile();
  const { register, handleSubmit, formState, reset } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '', confirmPassword: '', currentPassword: '' },
  });
  const password = register('password');
  const confirm = register('confirmPassword');
  const current = register('currentPassword');
  const onSubmit = handleSubmit(async (values) => {
    if (await saveState.save(passwordPayload(values))) reset();
  });
  return (
    <Box component="div">
      <Typography variant="h3" id="settings-password" sx={{ mb: 2 }}>
        {t('account.password.title')}
      </Typography>
      <SectionForm
        saveState={saveState}
        onSubmit={(event) => void onSubmit(event)}
        submitLabel={t('account.password.submit')}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={me.email ?? me.username}
          readOnly
          hidden
        />
        <PasswordField
          {...current}
          inputRef={current.ref}
          id="account-password-current"
          label={t('account.currentPassword')}
          autoComplete="current-password"
          required
          fullWidth
          error={Boolean(formState.errors.currentPassword)}
          helperText={errorText(formState.errors.currentPassword?.message)}
          sx={{ mb: 3 }}
        />
        <PasswordField
          {...password}
          inputRef={password.ref}
          id="account-password-new"
          label={t('account.password.new')}
          autoComplete="new-password"
          required
          fullWidth
          error={Boolean(formState.errors.password)}
          helperText={
            errorText(formState.errors.password?.message) ??
            t('account.password.hint', { count: AUTH_RULES.passwordMinLength })
          }
          sx={{ mb: 3 }}
        />
        <PasswordField
          {...confirm}
          inputRef={confirm.ref}
          id="account-password-confirm"
          label={t('account.password.confirm')}
          autoComplete="new-password"
          required
          fullWidth
          error={Boolean(formState.errors.confirmPassword)}
          helperText={errorText(formState.errors.confirmPassword?.message)}
        />
      </SectionForm>
    </Box>
  );
}

/** Account: e-mail address and password, each changed only with the current password. */
export function AccountSection({ me }: Pick<SectionProps, 'me'>) {
  const { t } = useTranslation('profile');
  return (
    <SettingsSection id="settings-account" title={t('account.title')} intro={t('account.intro')}>
      <EmailForm me={me} />
      <PasswordForm me={me} />
    </SettingsSection>
  );
}
