import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { PasswordField } from '../../../components/ui/password-field';
import { PlainTextField } from '../../../components/ui/plain-text-field';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { useSignIn } from '../hooks/use-sign-in';
import type { FlowAlert } from './flow-alert';

interface LoginValues {
  username: string;
  password: string;
}

type LoginErrors = Partial<Record<keyof LoginValues, true>>;

/** Both fields are needed; the username is used without surrounding spaces. */
function checkLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (values.username.trim().length === 0) errors.username = true;
  if (values.password.length === 0) errors.password = true;
  return errors;
}

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
  // Plain state rather than react-hook-form: the login page is the first thing most visitors
  // load, and two "required" checks do not need a form library in its JavaScript.
  const [values, setValues] = useState<LoginValues>({ username: prefillEmail ?? '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const busy = signIn.isPending || alert?.severity === 'success';

  const handleChange = (field: keyof LoginValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Like the other forms: once a submit has shown errors, they update as the member types.
    if (submitted) setErrors(checkLogin(next));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = checkLogin(values);
    setErrors(found);
    if (found.username || found.password) {
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    if (busy) return;
    setAlert({ severity: 'info', text: t('login.submitting') });
    try {
      const user = await signIn.mutateAsync({
        username: values.username.trim(),
        password: values.password,
      });
      // "Logged in. Redirecting..." (spec §2) stays on screen while the next page loads: the
      // router keeps this page until that one is ready, so no fixed pause is needed.
      setAlert({ severity: 'success', text: t('login.success') });
      await afterSignIn(user, redirect);
    } catch (error) {
      // What turns a failure into text loads with the first failure: most sign-ins have none, and
      // this is the page whose bytes count most (decision 0049).
      const { errorText } = await import('../../../lib/error-text');
      setAlert({ severity: 'error', text: errorText(error, t('login.failed')) });
    }
  };

  return (
    <>
      <PageHeading>{t('login.title')}</PageHeading>
      <Typography sx={{ mb: 1 }}>{t('login.intro')}</Typography>
      <FormAlert severity={alert?.severity ?? 'info'}>{alert?.text}</FormAlert>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        sx={{ mt: 2 }}
      >
        <PlainTextField
          id="username"
          name="username"
          value={values.username}
          onChange={handleChange('username')}
          inputRef={usernameRef}
          label={t('fields.username.label')}
          autoComplete="username"
          required
          fullWidth
          error={Boolean(errors.username)}
          helperText={errors.username ? t('fields.username.required') : undefined}
          htmlInput={{ autoCapitalize: 'none', spellCheck: 'false' }}
        />
        <PasswordField
          id="password"
          name="password"
          value={values.password}
          onChange={handleChange('password')}
          inputRef={passwordRef}
          label={t('fields.password.label')}
          autoComplete="current-password"
          required
          fullWidth
          sx={{ mt: 3 }}
          error={Boolean(errors.password)}
          helperText={errors.password ? t('fields.password.required') : undefined}
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
      <Typography sx={{ mt: 1.5 }}>
        {t('login.needHelp')}{' '}
        <TextLink to="/$lang/contact" params={{ lang: language }}>
          {t('login.contactSupport')}
        </TextLink>
      </Typography>
    </>
  );
}
