import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { ButtonLink, TextLink } from '../../../components/ui/button-link';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { errorText } from '../../../lib/error-text';
import { useRecoverPassword } from '../../../lib/api/auth/recover-password';
import { useResetPassword } from '../../../lib/api/auth/reset-password';
import { useValidateCode } from '../../../lib/api/auth/validate-code';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { mailNotice, passwordIssue, type FieldIssue, type FlowAlert } from './flow-alert';
import { NewPasswordStep } from './new-password-step';
import { StepHeading } from '../../../components/ui/step-heading';

type Step = 'email' | 'code' | 'password' | 'done';
const STEP_COUNT = 3;

export interface RecoverFlowProps {
  language: Language;
}

/** Password recovery (spec §4): e-mail → code (reset flag) → new password with the nonce → log in. */
export function RecoverFlow({ language }: RecoverFlowProps) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>('email');
  const [moved, setMoved] = useState(false);
  const [email, setEmail] = useState('');
  const [nonce, setNonce] = useState('');
  const [alert, setAlert] = useState<FlowAlert | null>(null);
  const [passwordProblem, setPasswordProblem] = useState<FieldIssue | null>(null);
  const recover = useRecoverPassword();
  const validateCode = useValidateCode();
  const reset = useResetPassword();
  const pending = recover.isPending || validateCode.isPending || reset.isPending;

  const goTo = (next: Step) => {
    setStep(next);
    setMoved(true);
    setPasswordProblem(null);
  };

  const requestCode = async (address: string, resend: boolean) => {
    setAlert({ severity: 'info', text: t('recover.emailStep.submitting') });
    try {
      const answer = await recover.mutateAsync({ email: address });
      setEmail(address);
      const notice = mailNotice(answer);
      if (resend) {
        setAlert(notice ?? { severity: 'success', text: t('codeStep.resent', { email: address }) });
      } else {
        setAlert(notice);
        goTo('code');
      }
    } catch (error) {
      setAlert({ severity: 'error', text: errorText(error, t('recover.recoverFailed')) });
    }
  };

  const handleCode = async (code: string) => {
    setAlert({ severity: 'info', text: t('codeStep.submitting') });
    try {
      const result = await validateCode.mutateAsync({ email, code, isResetPassword: true });
      setNonce(result.nonce);
      setAlert(null);
      goTo('password');
    } catch (error) {
      setAlert({ severity: 'error', text: errorText(error, t('recover.validateFailed')) });
    }
  };

  const handlePassword = async (password: string) => {
    setAlert({ severity: 'info', text: t('recover.passwordStep.submitting') });
    setPasswordProblem(null);
    try {
      await reset.mutateAsync({ email, password, nonce });
      setAlert(null);
      goTo('done');
    } catch (error) {
      // A refused password is told once, at the field; anything else once, above the form.
      const issue = passwordIssue(error);
      setAlert(
        issue ? null : { severity: 'error', text: errorText(error, t('recover.resetFailed')) },
      );
      setPasswordProblem(issue);
    }
  };

  return (
    <>
      <PageHeading>{t('recover.title')}</PageHeading>
      <FormAlert severity={alert?.severity ?? 'info'}>{alert?.text}</FormAlert>
      {step === 'email' ? (
        <EmailStep
          title={t('recover.emailStep.title')}
          text={t('recover.emailStep.text')}
          submitLabel={
            recover.isPending ? t('recover.emailStep.submitting') : t('recover.emailStep.submit')
          }
          defaultEmail={email}
          pending={pending}
          stepCount={STEP_COUNT}
          takeFocus={moved}
          onSubmit={(address) => void requestCode(address, false)}
        />
      ) : null}
      {step === 'code' ? (
        <CodeStep
          email={email}
          pending={pending}
          stepCount={STEP_COUNT}
          onSubmit={(code) => void handleCode(code)}
          onResend={() => void (pending ? undefined : requestCode(email, true))}
          onChangeEmail={() => {
            setAlert(null);
            goTo('email');
          }}
        />
      ) : null}
      {step === 'password' ? (
        <>
          <NewPasswordStep
            email={email}
            title={t('recover.passwordStep.title')}
            accountText={t('recover.passwordStep.account', { email })}
            passwordLabel={t('fields.password.newLabel')}
            submitLabel={
              pending ? t('recover.passwordStep.submitting') : t('recover.passwordStep.submit')
            }
            pending={pending}
            stepCount={STEP_COUNT}
            passwordIssue={passwordProblem}
            onSubmit={(password) => void handlePassword(password)}
          />
          <Button
            type="button"
            variant="text"
            sx={{ mt: 2 }}
            onClick={() => {
              setAlert(null);
              goTo('email');
            }}
          >
            {t('steps.restart')}
          </Button>
        </>
      ) : null}
      {step === 'done' ? (
        <>
          <StepHeading step={STEP_COUNT} count={STEP_COUNT} takeFocus>
            {t('recover.done.title')}
          </StepHeading>
          <Typography sx={{ mb: 3 }}>{t('recover.done.text')}</Typography>
          <ButtonLink
            to="/$lang/login"
            params={{ lang: language }}
            state={{ prefillEmail: email }}
            variant="contained"
            size="large"
            fullWidth
          >
            {t('recover.done.login')}
          </ButtonLink>
        </>
      ) : (
        <Typography sx={{ mt: 4 }}>
          <TextLink to="/$lang/login" params={{ lang: language }}>
            {t('recover.backToLogin')}
          </TextLink>
        </Typography>
      )}
    </>
  );
}
