import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { PasswordField } from '../../../components/ui/password-field';
import { delay } from '../../../lib/delay';
import { graphqlMessageOr } from '../../../lib/graphql-client';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { useSignIn } from '../hooks/use-sign-in';
import type { FlowAlert } from './flow-alert';

interface LoginValues {
  username: string;
  password: string;
}

/** How long "Logged in. Redirecting..." stays before the next page, so it can be read. */
const SUCCESS_PAUSE_MS = 900;

export interface LoginFormProps {
  language: Language;
  redirect?: string | undefined;
  prefillEmail?: string | undefined;
}

/** Log in with username or e-mail and password (spec §2, §8). */
export function LoginForm({ language, redirect, prefillEmail }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [alert, setAlert] = useState<FlowAlert | null>(null);
  const signIn = useSignIn();
  const afterSignIn = useAfterSignIn(language);
  // Plain react-hook-form rules: the login page is the first thing most visitors load, and zod
  // would add about 25 KB gzip to it for two "required" checks.
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    defaultValues: { username: prefillEmail ?? '', password: '' },
  });
  const { ref: usernameRef, ...usernameField } = register('username', {
    setValueAs: (value: string) => value.trim(),
    validate: (value) => value.length > 0,
  });
  const { ref: passwordRef, ...passwordField } = register('password', { required: true });
  const busy = signIn.isPending || alert?.severity === 'success';

  const onSubmit = handleSubmit(async (values) => {
    if (busy) return;
    setAlert({ severity: 'info', text: t('login.submitting') });
    try {
      const user = await signIn.mutateAsync(values);
      setAlert({ severity: 'success', text: t('login.success') });
      await delay(SUCCESS_PAUSE_MS);
      await afterSignIn(user, redirect);
    } catch (error) {
      setAlert({ severity: 'error', text: graphqlMessageOr(error, t('login.failed')) });
    }
  });

  return (
    <>
      <PageHeading>{t('login.title')}</PageHeading>
      <Typography sx={{ mb: 1 }}>{t('login.intro')}</Typography>
      <FormAlert severity={alert?.severity ?? 'info'}>{alert?.text}</FormAlert>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 2 }}>
        <TextField
          {...usernameField}
          inputRef={usernameRef}
          id="username"
          label={t('fields.username.label')}
          autoComplete="username"
          required
          fullWidth
          error={Boolean(formState.errors.username)}
          helperText={formState.errors.username ? t('fields.username.required') : undefined}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <PasswordField
          {...passwordField}
          inputRef={passwordRef}
          id="password"
          label={t('fields.password.label')}
          autoComplete="current-password"
          required
          fullWidth
          sx={{ mt: 3 }}
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password ? t('fields.password.required') : undefined}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 3 }}
          aria-busy={busy}
        >
          {signIn.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        <TextLink to="/$lang/login/recover" params={{ lang: language }}>
          {t('login.forgotPassword')}
        </TextLink>
      </Typography>
      <Typography sx={{ mt: 1.5 }}>
        {t('login.noAccount')}{' '}
        <TextLink to="/$lang/register" params={{ lang: language }}>
          {t('login.register')}
        </TextLink>
      </Typography>
    </>
  );
}
