import { HEALTH_CONSENT_VERSION, type ProfileUpdateInput } from '@attune/contract';
import { buildProfilePayload, type ProfileFormValues } from '../../../lib/profile-payload';
import type { OnboardingField, OnboardingForm } from './onboarding-form';

/**
 * The seven steps, in order. Consent comes second, before any hearing question: health data
 * (GDPR art. 9) is then asked only of members who agreed, and every later step can save at once,
 * so the onboarding can be left and resumed anywhere without losing answers.
 */
export const STEPS = [
  'about',
  'consent',
  'journey',
  'ears',
  'location',
  'interests',
  'welcome',
] as const;
export type StepId = (typeof STEPS)[number];
export const STEP_COUNT = STEPS.length;

/** The form fields each step asks and saves. */
export const STEP_FIELDS: Record<StepId, readonly OnboardingField[]> = {
  about: ['nickname', 'name', 'yearOfBirth', 'headline'],
  consent: ['consent'],
  journey: ['stage', 'journey', 'myJourneyDescription'],
  ears: ['leftEar', 'rightEar', 'deviceType', 'hearingAidType', 'useHearing'],
  location: ['country', 'region'],
  interests: ['interests', 'languages', 'seekSupportFor'],
  welcome: ['welcome', 'enableAutomaticResponse', 'automaticResponse'],
};

/** Fields the server treats as health data (decision 0011): sent only with consent. */
export const HEALTH_FIELDS: ReadonlySet<OnboardingField> = new Set<OnboardingField>([
  'stage',
  'journey',
  'myJourneyDescription',
  'leftEar',
  'rightEar',
  'deviceType',
  'hearingAidType',
  'useHearing',
  'seekSupportFor',
]);

/** Steps whose every question is a health question: shown as a short notice without consent. */
export const HEALTH_STEPS: ReadonlySet<StepId> = new Set<StepId>(['journey', 'ears']);

/** The consent choice: given (now or before), declined, or not asked yet. */
export type ConsentChoice = 'given' | 'declined' | null;

const filled = (value: OnboardingForm[OnboardingField]) =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '';

/** Whether the stored profile holds a health value, which the server accepts only with consent. */
export function hasHealthData(values: OnboardingForm): boolean {
  return [...HEALTH_FIELDS].some((field) => filled(values[field]));
}

/** Whether the stored profile already answers a step (so it counts as done on any device). */
export function answeredOnServer(step: StepId, values: OnboardingForm): boolean {
  switch (step) {
    case 'about':
      return filled(values.name) || filled(values.yearOfBirth) || filled(values.headline);
    case 'consent':
      return hasHealthData(values);
    case 'welcome':
      return filled(values.welcome) || filled(values.automaticResponse);
    default:
      return STEP_FIELDS[step].some((field) => filled(values[field]));
  }
}

export interface ResumeInput {
  /** The form as prefilled from `GET /api/fetch-user`. */
  values: OnboardingForm;
  completedSetup: boolean;
  /** The furthest step index reached in this browser (skipped steps count), if any. */
  furthest: number | null;
  consent: ConsentChoice;
}

/**
 * Where a returning member starts: the first step that is neither answered on the server nor
 * already passed (saved or skipped) in this browser. A member who finished starts at the beginning
 * to review their answers.
 */
export function resumeStep({ values, completedSetup, furthest, consent }: ResumeInput): number {
  if (completedSetup) return 0;
  const index = STEPS.findIndex((step, position) => {
    if (furthest !== null && position < furthest) return false;
    if (step === 'consent') return consent === null && !hasHealthData(values);
    return !answeredOnServer(step, values);
  });
  return index === -1 ? STEP_COUNT - 1 : index;
}

/** The form values of one step in the shape `buildProfilePayload` reads. */
function stepFormValues(
  step: StepId,
  values: OnboardingForm,
  consent: ConsentChoice,
): ProfileFormValues {
  const form: ProfileFormValues = {};
  for (const field of STEP_FIELDS[step]) {
    if (field === 'consent') continue;
    // Without consent nothing about the member's hearing leaves the browser.
    if (HEALTH_FIELDS.has(field) && consent !== 'given') continue;
    // An unanswered yes/no question is left out rather than saved as "no".
    if (field === 'useHearing' && values.useHearing === '') continue;
    // The automatic response is saved only when it is switched on; otherwise it keeps its text.
    if (field === 'automaticResponse' && values.enableAutomaticResponse !== 'yes') continue;
    Object.assign(form, { [field]: values[field] });
  }
  return form;
}

/**
 * The `PUT /api/update-profile` payload of one step: its own fields through the shared spec §3
 * mapping, the consent record on the consent step, and `completedSetup: 'yes'` on the last step.
 */
export function stepPayload(
  step: StepId,
  values: OnboardingForm,
  consent: ConsentChoice,
  { finish = false, now = new Date() }: { finish?: boolean; now?: Date } = {},
): ProfileUpdateInput {
  const payload = buildProfilePayload(stepFormValues(step, values, consent), now);
  if (step === 'consent' && consent === 'given') {
    payload.healthConsent = { accepted: true, version: HEALTH_CONSENT_VERSION };
  }
  if (finish) payload.completedSetup = 'yes';
  return payload;
}

/** The payload of a skipped step: nothing of its own, but the last step still finishes the setup. */
export function skipPayload(finish: boolean, now = new Date()): ProfileUpdateInput | null {
  return finish ? { ...buildProfilePayload({}, now), completedSetup: 'yes' } : null;
}
