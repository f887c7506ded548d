import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { ButtonLink } from '../../../components/ui/button-link';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { nicknameStatusText } from '../../../components/forms/nickname-field';
import { StepHeading } from '../../../components/ui/step-heading';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { nicknameBlocksSaving, useNicknameCheck } from '../../../hooks/use-nickname-check';
import { meQueryOptions, profileKeys, updateProfile } from '../../../lib/api/profile';
import { errorText } from '../../../lib/error-text';
import { viewerQueryOptions } from '../../../lib/viewer';
import { useFieldOptions } from '../hooks/use-field-options';
import { formFromProfile, type OnboardingForm, type OwnProfile } from '../lib/onboarding-form';
import { clearProgress, readProgress, writeProgress } from '../lib/onboarding-progress';
import { onboardingSchema } from '../lib/onboarding-schema';
import {
  hasHealthData,
  HEALTH_STEPS,
  resumeStep,
  skipPayload,
  STEP_COUNT,
  STEP_FIELDS,
  stepPayload,
  STEPS,
  type ConsentChoice,
} from '../lib/steps';
import { AboutStep } from './about-step';
import { ConsentStep } from './consent-step';
import { EarsStep } from './ears-step';
import { InterestsStep } from './interests-step';
import { JourneyStep } from './journey-step';
import { LocationStep } from './location-step';
import { StepActions } from './step-actions';
import { WelcomeStep } from './welcome-step';

export interface OnboardingScreenProps {
  language: Language;
}

/** `/{lang}/profile/start`: the member's own profile, then the step-by-step set-up. */
export function OnboardingScreen({ language }: OnboardingScreenProps) {
  const { data: profile } = useSuspenseQuery(meQueryOptions());
  return <OnboardingWizard key={profile.id} language={language} profile={profile} />;
}

interface Alert {
  severity: 'error' | 'success';
  text: string;
}

interface WizardProps {
  language: Language;
  profile: OwnProfile;
}

/**
 * The seven steps. Each "Save and continue" sends that step's answers at once, so the member can
 * leave and come back: the start step is worked out from the saved profile and the progress kept
 * in local storage.
 */
function OnboardingWizard({ language, profile }: WizardProps) {
  const { t } = useTranslation(['onboarding', 'profile']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showSnackbar = useAppSnackbar();
  const fieldOptions = useFieldOptions(language);

  // Read once: the form keeps the member's edits even when the profile query refetches.
  const [start] = useState(() => {
    const values = formFromProfile(profile);
    const saved = readProgress(profile.id);
    const consent: ConsentChoice = hasHealthData(values) ? 'given' : (saved?.consent ?? null);
    const index = resumeStep({
      values,
      completedSetup: Boolean(profile.completedSetup),
      furthest: saved?.furthest ?? null,
      consent,
    });
    return { values, consent, index, furthest: Math.max(saved?.furthest ?? 0, index) };
  });
  const [index, setIndex] = useState(start.index);
  const [furthest, setFurthest] = useState(start.furthest);
  const [consent, setConsent] = useState<ConsentChoice>(start.consent);
  const [moved, setMoved] = useState(false);
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<Alert | null>(null);

  const form = useForm<OnboardingForm>({
    defaultValues: start.values,
    resolver: zodResolver(onboardingSchema(t)),
    // Check on "Save and continue", then re-check as the member corrects a field. Not on blur: a
    // message vanishing as focus moves to a button shifts the button away from under the pointer.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const nickname = useWatch({ control: form.control, name: 'nickname' });
  const nicknameStatus = useNicknameCheck(nickname, profile.nickname);

  const step = STEPS[index]!;
  const isLast = index === STEP_COUNT - 1;
  const withoutHealth = consent !== 'given' && HEALTH_STEPS.has(step);
  const title = (at: number) => t(`${STEPS[at]!}.title`);

  const goTo = (next: number, status?: 'saved' | 'skipped', choice: ConsentChoice = consent) => {
    const reached = Math.max(furthest, next);
    writeProgress({ userId: profile.id, step: next, furthest: reached, consent: choice });
    setIndex(next);
    setFurthest(reached);
    setMoved(true);
    setAlert(
      status
        ? {
            severity: 'success',
            text: t(`status.${status}`, { step: next + 1, count: STEP_COUNT, title: title(next) }),
          }
        : null,
    );
  };

  const finish = async () => {
    clearProgress();
    // The route checks read the cached viewer: load it afresh before going home, or the profile
    // check would send the member straight back here. Fetched with its query function: the login
    // caches the viewer as plain data, and refetching such an entry fails and is retried a second
    // later (that second was most of the wait). The member's own profile reloads meanwhile, without
    // holding up the way home; the reference lists (fields, countries, languages) did not change.
    void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
    await queryClient.fetchQuery({ ...viewerQueryOptions(), staleTime: 0 });
    showSnackbar({ message: t('status.done') });
    await navigate({ to: '/$lang', params: { lang: language } });
  };

  const save = async (payload: Parameters<typeof updateProfile>[0]): Promise<boolean> => {
    setPending(true);
    try {
      await updateProfile(payload);
      return true;
    } catch (error) {
      setAlert({ severity: 'error', text: errorText(error, t('errors.saveFailed')) });
      return false;
    } finally {
      setPending(false);
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (withoutHealth) {
      goTo(index + 1);
      return;
    }
    if (step === 'consent' && !form.getValues('consent')) {
      form.setError('consent', { message: t('consent.required') }, { shouldFocus: true });
      setAlert({ severity: 'error', text: t('consent.required') });
      return;
    }
    const fields = STEP_FIELDS[step] as FieldPath<OnboardingForm>[];
    const valid = await form.trigger(fields, { shouldFocus: true });
    if (!valid) {
      setAlert({ severity: 'error', text: t('errors.checkFields') });
      return;
    }
    if (step === 'about' && nicknameBlocksSaving(nicknameStatus)) {
      setAlert({ severity: 'error', text: nicknameStatusText(nicknameStatus) });
      form.setFocus('nickname');
      return;
    }
    const choice = step === 'consent' ? 'given' : consent;
    const saved = await save(stepPayload(step, form.getValues(), choice, { finish: isLast }));
    if (!saved) return;
    if (step === 'consent') setConsent('given');
    if (isLast) await finish();
    else goTo(index + 1, 'saved', choice);
  };

  const handleSkip = async () => {
    if (pending) return;
    const payload = skipPayload(isLast);
    if (payload && !(await save(payload))) return;
    if (isLast) await finish();
    else goTo(index + 1, 'skipped');
  };

  const handleDecline = () => {
    form.setValue('consent', false);
    form.clearErrors('consent');
    setConsent('declined');
    goTo(index + 1, undefined, 'declined');
  };

  const primaryLabel = withoutHealth
    ? t('actions.continue')
    : isLast
      ? t('actions.saveFinish')
      : t('actions.saveContinue');

  return (
    <>
      <PageHeading>{t('title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('intro')}</Typography>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
          <StepHeading
            step={index + 1}
            count={STEP_COUNT}
            takeFocus={moved}
            progressLabel={t('progressLabel')}
          >
            {title(index)}
          </StepHeading>
          <FormAlert severity={alert?.severity ?? 'success'}>{alert?.text}</FormAlert>
          {step !== 'consent' && !withoutHealth ? (
            <Typography sx={{ mb: 3 }}>{t(`${step}.text`)}</Typography>
          ) : null}
          {step === 'about' ? (
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('required')}
            </Typography>
          ) : null}
          {fieldOptions.isError && step !== 'about' && step !== 'consent' ? (
            <FormAlert severity="error">{t('errors.optionsFailed')}</FormAlert>
          ) : null}
          {withoutHealth ? <Typography>{t('declined.step')}</Typography> : null}
          {step === 'about' ? <AboutStep nicknameStatus={nicknameStatus} /> : null}
          {step === 'consent' ? <ConsentStep /> : null}
          {step === 'journey' && !withoutHealth ? (
            <JourneyStep optionsOf={fieldOptions.optionsOf} loading={fieldOptions.isLoading} />
          ) : null}
          {step === 'ears' && !withoutHealth ? (
            <EarsStep optionsOf={fieldOptions.optionsOf} loading={fieldOptions.isLoading} />
          ) : null}
          {step === 'location' ? <LocationStep language={language} /> : null}
          {step === 'interests' ? (
            <InterestsStep
              language={language}
              optionsOf={fieldOptions.optionsOf}
              loading={fieldOptions.isLoading}
              healthConsent={consent === 'given'}
            />
          ) : null}
          {step === 'welcome' ? <WelcomeStep /> : null}
          <StepActions
            primaryLabel={primaryLabel}
            pending={pending}
            onBack={index > 0 ? () => goTo(index - 1) : undefined}
            onSkip={step !== 'consent' && !withoutHealth ? () => void handleSkip() : undefined}
            skipLabel={isLast ? t('actions.skipFinish') : undefined}
            secondary={
              step === 'consent'
                ? { label: t('consent.declineAction'), onClick: handleDecline }
                : undefined
            }
          />
        </Box>
      </FormProvider>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 5, pt: 3, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'center' } }}
      >
        <Typography>{t('actions.logoutNote')}</Typography>
        <ButtonLink
          to="/$lang/logout"
          params={{ lang: language }}
          variant="outlined"
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {t('actions.logout')}
        </ButtonLink>
      </Stack>
    </>
  );
}
