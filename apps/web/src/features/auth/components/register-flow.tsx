import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language, RegistrationType } from '@attune/contract';
import { ButtonLink, TextLink } from '../../../components/ui/button-link';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { errorCodeText, errorText, serverError } from '../../../lib/error-text';
import { useInvitation } from '../../../lib/api/auth/invitation';
import { useRegisterUser } from '../../../lib/api/auth/register-user';
import { useSendCode } from '../../../lib/api/auth/send-code';
import { useValidateCode } from '../../../lib/api/auth/validate-code';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { useSignIn } from '../hooks/use-sign-in';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { mailNotice, passwordIssue, type FieldIssue, type FlowAlert } from './flow-alert';
import { NewPasswordStep } from './new-password-step';

type Step = 'email' | 'code' | 'password';
const STEP_COUNT = 3;

export interface RegisterFlowProps {
  language: Language;
  type: RegistrationType;
  /** The address typed before, e.g. when a refused staff sign-up continues as a member sign-up. */
  defaultEmail?: string | undefined;
  /** The token of a staff invitation link (`?invite=`): its address is filled in and kept. */
  invite?: string | undefined;
}

/**
 * Sign-up (spec §4): e-mail → code → password → automatic login → profile/start or home. With an
 * invitation link, its address is filled in (read-only), the role it brings is named, and the
 * token goes with the registration; a link that no longer works is said plainly, and the person
 * signs up without it.
 */
export function RegisterFlow({ language, type, defaultEmail = '', invite }: RegisterFlowProps) {
  const { t } = useTranslation('auth');
  const invitation = useInvitation(invite);
  // Refused at registration after the page had read it (used or expired meanwhile).
  const [inviteRefused, setInviteRefused] = useState(false);
  const invited = invite && !inviteRefused ? (invitation.data ?? null) : null;
  const inviteChecking = Boolean(invite) && invitation.isPending;
  const inviteInvalid = Boolean(invite) && !inviteChecking && (inviteRefused || !invitation.data);
  const [step, setStep] = useState<Step>('email');
  const [moved, setMoved] = useState(false);
  const [email, setEmail] = useState(defaultEmail);
  const [alert, setAlert] = useState<FlowAlert | null>(null);
  const [emailIssue, setEmailIssue] = useState<FieldIssue | null>(null);
  const [passwordProblem, setPasswordProblem] = useState<FieldIssue | null>(null);
  const sendCode = useSendCode();
  const validateCode = useValidateCode();
  const registerUser = useRegisterUser();
  const signIn = useSignIn();
  const afterSignIn = useAfterSignIn(language);
  const pending =
    sendCode.isPending || validateCode.isPending || registerUser.isPending || signIn.isPending;

  const goTo = (next: Step) => {
    setStep(next);
    setMoved(true);
    setEmailIssue(null);
    setPasswordProblem(null);
  };

  const handleEmail = async (address: string) => {
    setAlert({ severity: 'info', text: t('register.emailStep.submitting') });
    setEmailIssue(null);
    try {
      const answer = await sendCode.mutateAsync({ email: address, type });
      setEmail(address);
      setAlert(mailNotice(answer));
      goTo('code');
    } catch (error) {
      // A staff sign-up with an address outside the staff domains stops here, at the field,
      // with the offer to sign up as a member instead.
      const known = serverError(error);
      if (known?.code === 'staff_domain_required') {
        setAlert(null);
        setEmailIssue({ text: errorCodeText(known.code) ?? t('register.sendFailed') });
        return;
      }
      setAlert({ severity: 'error', text: errorText(error, t('register.sendFailed')) });
    }
  };

  const handleResend = async () => {
    if (pending) return;
    setAlert({ severity: 'info', text: t('register.emailStep.submitting') });
    try {
      const answer = await sendCode.mutateAsync({ email, type });
      setAlert(
        mailNotice(answer) ?? { severity: 'success', text: t('codeStep.resent', { email }) },
      );
    } catch (error) {
      setAlert({ severity: 'error', text: errorText(error, t('register.sendFailed')) });
    }
  };

  const handleCode = async (code: string) => {
    setAlert({ severity: 'info', text: t('codeStep.submitting') });
    try {
      await validateCode.mutateAsync({ email, code, isResetPassword: false });
      setAlert(null);
      goTo('password');
    } catch (error) {
      setAlert({ severity: 'error', text: errorText(error, t('register.validateFailed')) });
    }
  };

  const handlePassword = async (password: string) => {
    setAlert({ severity: 'info', text: t('register.passwordStep.submitting') });
    setPasswordProblem(null);
    try {
      await registerUser.mutateAsync({
        email,
        password,
        type,
        ...(invited && invite && invited.email.toLowerCase() === email.trim().toLowerCase()
          ? { invite }
          : {}),
      });
    } catch (error) {
      // The invitation stopped working: said below the heading; the next try signs up without it.
      if (serverError(error)?.code === 'invitation_invalid') {
        setInviteRefused(true);
        setAlert(null);
        return;
      }
      const issue = passwordIssue(error);
      if (issue) {
        setAlert(null);
        setPasswordProblem(issue);
        return;
      }
      // The spec's text for a failed registration, with the reason when the server gave one.
      const reason = errorText(error, '');
      setAlert({
        severity: 'error',
        text: t('register.registerFailed'),
        detail: reason || undefined,
      });
      return;
    }
    setAlert({ severity: 'info', text: t('register.created') });
    try {
      const user = await signIn.mutateAsync({ username: email, password });
      await afterSignIn(user);
    } catch (error) {
      setAlert({ severity: 'error', text: errorText(error, t('login.failed')) });
    }
  };

  return (
    <>
      <PageHeading>
        {type === 'medel' ? t('register.medelTitle') : t('register.regularTitle')}
      </PageHeading>
      <FormAlert severity={alert?.severity ?? 'info'} detail={alert?.detail}>
        {alert?.text}
      </FormAlert>
      <FormAlert
        severity="warning"
        detail={inviteInvalid ? t('register.invite.registerAnyway') : null}
      >
        {inviteInvalid
          ? (errorCodeText('invitation_invalid') ?? t('register.invite.invalid'))
          : null}
      </FormAlert>
      {inviteChecking ? (
        <Typography role="status">{t('register.invite.checking')}</Typography>
      ) : null}
      {step === 'email' && !inviteChecking ? (
        <EmailStep
          // A fresh form once the invitation is known, so its address fills the field.
          key={invited ? 'invited' : 'open'}
          title={t('register.emailStep.title')}
          text={t('register.emailStep.text')}
          note={
            invited
              ? t('register.invite.note', { role: t(`register.invite.roles.${invited.role}`) })
              : type === 'medel'
                ? t('register.medel.text')
                : undefined
          }
          readOnly={Boolean(invited)}
          submitLabel={
            sendCode.isPending ? t('register.emailStep.submitting') : t('register.emailStep.submit')
          }
          defaultEmail={invited ? invited.email : email}
          pending={pending}
          stepCount={STEP_COUNT}
          takeFocus={moved}
          emailIssue={emailIssue}
          issueAction={
            type === 'medel'
              ? (address) => (
                  <ButtonLink
                    to="/$lang/register/regular"
                    params={{ lang: language }}
                    state={{ prefillEmail: address }}
                    variant="outlined"
                    fullWidth
                  >
                    {t('register.medelRefused.asMember')}
                  </ButtonLink>
                )
              : undefined
          }
          onSubmit={(address) => void handleEmail(address)}
        />
      ) : null}
      {step === 'code' ? (
        <CodeStep
          email={email}
          pending={pending}
          stepCount={STEP_COUNT}
          onSubmit={(code) => void handleCode(code)}
          onResend={() => void handleResend()}
          onChangeEmail={() => {
            setAlert(null);
            goTo('email');
          }}
        />
      ) : null}
      {step === 'password' ? (
        <NewPasswordStep
          email={email}
          title={t('register.passwordStep.title')}
          accountText={t('register.passwordStep.account', { email })}
          passwordLabel={t('fields.password.label')}
          submitLabel={
            pending ? t('register.passwordStep.submitting') : t('register.passwordStep.submit')
          }
          pending={pending}
          stepCount={STEP_COUNT}
          passwordIssue={passwordProblem}
          onSubmit={(password) => void handlePassword(password)}
        />
      ) : null}
      {step === 'password' ? (
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
      ) : null}
      <Typography sx={{ mt: 4 }}>
        {t('register.haveAccount')}{' '}
        <TextLink to="/$lang/login" params={{ lang: language }}>
          {t('register.login')}
        </TextLink>
      </Typography>
      <Typography sx={{ mt: 1 }}>
        <TextLink to="/$lang/register" params={{ lang: language }}>
          {t('register.otherType')}
        </TextLink>
      </Typography>
    </>
  );
}
