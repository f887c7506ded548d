import type { TFunction } from 'i18next';
import { z } from 'zod';
import { isYearOfBirthValid, nicknameProblem, TEXT_LIMITS, yearOfBirthMax } from '@attune/contract';
import { nicknameProblemText } from '../../../components/forms/nickname-field';
import type { OnboardingForm } from './onboarding-form';

/**
 * The onboarding form's rules: the contract's limits and display-name rule, which the server
 * applies too, so members see a clear message beside the field before anything is sent.
 */
export function onboardingSchema(t: TFunction<['onboarding', 'profile']>, now = new Date()) {
  const maxYear = yearOfBirthMax(now);
  const text = (max: number) =>
    z
      .string()
      .trim()
      .max(max, { error: t('errors.tooLong', { max }) });
  const choice = z.string();
  const list = z.array(z.string());
  return z.object({
    nickname: z
      .string()
      .trim()
      .superRefine((value, context) => {
        const problem = nicknameProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: nicknameProblemText(problem) });
      }),
    name: text(TEXT_LIMITS.firstName),
    yearOfBirth: z
      .string()
      .trim()
      .refine((value) => isYearOfBirthValid(value, now), {
        error: t('about.yearOfBirth.invalid', { max: maxYear }),
      }),
    headline: text(TEXT_LIMITS.headline),
    stage: choice,
    journey: choice,
    myJourneyDescription: text(TEXT_LIMITS.myJourneyDescription),
    leftEar: choice,
    rightEar: choice,
    deviceType: choice,
    hearingAidType: choice,
    useHearing: z.enum(['', 'yes', 'no']),
    country: choice,
    region: z.string().nullable(),
    interests: list,
    languages: list,
    seekSupportFor: list,
    welcome: text(TEXT_LIMITS.welcomeMessage),
    enableAutomaticResponse: z.enum(['yes', 'no']),
    automaticResponse: text(TEXT_LIMITS.automaticResponse),
    consent: z.boolean(),
  }) satisfies z.ZodType<OnboardingForm>;
}
