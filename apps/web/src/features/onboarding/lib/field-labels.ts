import type { EnglishResources } from '../../../lib/i18n';
import type { OnboardingField } from './onboarding-form';

/** A field name of the `profile` namespace (`fields.*`), the one place each profile field is named. */
export type ProfileFieldKey = keyof EnglishResources['profile']['fields'];

/**
 * The name of every field the onboarding asks. The onboarding has no field names of its own: it
 * uses the settings page's (`profile:fields.*`), so a field is called the same on both screens in
 * every language and the two cannot drift apart.
 */
export const FIELD_LABEL_KEYS = {
  nickname: 'nickname',
  name: 'firstName',
  yearOfBirth: 'yearOfBirth',
  headline: 'headline',
  stage: 'stage',
  journey: 'journey',
  myJourneyDescription: 'myJourneyDescription',
  leftEar: 'leftEar',
  rightEar: 'rightEar',
  deviceType: 'deviceType',
  hearingAidType: 'hearingAidType',
  useHearing: 'useHearing',
  country: 'country',
  region: 'region',
  interests: 'interests',
  languages: 'speakingLanguages',
  seekSupportFor: 'seekSupportFor',
  welcome: 'welcomeMessage',
  enableAutomaticResponse: 'enableAutomaticResponse',
  automaticResponse: 'automaticResponse',
} as const satisfies Record<Exclude<OnboardingField, 'consent'>, ProfileFieldKey>;

export type LabelledField = keyof typeof FIELD_LABEL_KEYS;
