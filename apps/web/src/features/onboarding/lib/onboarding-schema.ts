import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { OnboardingForm } from './onboarding-form';

/** The earliest year of birth the server accepts. */
export const MIN_YEAR_OF_BIRTH = 1900;

/**
 * The onboarding form's rules, matching the server's limits (contract lengths, year of birth
 * 1900–this year) so members see a clear message beside the field before anything is sent.
 */
export function onboardingSchema(
  t: TFunction<['onboarding', 'profile']>,
  maxYear = new Date().getFullYear(),
) {
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
      .min(2, { error: t('profile:errors.nicknameShort') })
      .max(50, { error: t('errors.tooLong', { max: 50 }) }),
    name: text(80),
    yearOfBirth: z
      .string()
      .trim()
      .refine(
        (value) =>
          value === '' ||
          (/^\d{4}$/.test(value) && Number(value) >= MIN_YEAR_OF_BIRTH && Number(value) <= maxYear),
        { error: t('about.yearOfBirth.invalid', { max: maxYear }) },
      ),
    headline: text(120),
    stage: choice,
    journey: choice,
    myJourneyDescription: text(2000),
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
    welcome: text(1000),
    enableAutomaticResponse: z.enum(['yes', 'no']),
    automaticResponse: text(1000),
    consent: z.boolean(),
  }) satisfies z.ZodType<OnboardingForm>;
}
