/**
 * Save payloads of the settings sections. Each section hands its part of the profile form to the
 * shared spec §3 mapping (`buildProfilePayload`, also used by the onboarding) and adds who may see
 * each of its fields. Each section sends only its own keys, so saving one never overwrites another.
 */
import type { ProfileUpdateInput, Visibility } from '@attune/contract';
import { buildProfilePayload, type ProfileFormValues } from '../../../lib/profile-payload';
import type { FieldName } from './field-names';

export type VisibilityMap = Partial<Record<FieldName, Visibility>>;

/** Splits a stored comma list back into its values, without blanks or repeats. */
export function splitList(value: string | null | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
}

/** The spec §3 payload of a part of the form, with the visibility of the section's fields. */
function withMeta(form: ProfileFormValues, visibility: VisibilityMap, now: Date) {
  const entries = Object.entries(visibility).filter(([, level]) => Boolean(level));
  return {
    ...buildProfilePayload(form, now),
    ...(entries.length > 0 ? { visibility: Object.fromEntries(entries) } : {}),
  } satisfies ProfileUpdateInput;
}

export interface AboutValues {
  nickname: string;
  name: string;
  lastName: string;
  headline: string;
  about: string;
  yearOfBirth: string;
}

export function aboutPayload(
  values: AboutValues,
  visibility: VisibilityMap,
  now = new Date(),
): ProfileUpdateInput {
  return withMeta(
    {
      nickname: values.nickname.trim(),
      name: values.name.trim(),
      lastName: values.lastName.trim(),
      headline: values.headline.trim(),
      about: values.about.trim(),
      yearOfBirth: values.yearOfBirth.trim(),
    },
    visibility,
    now,
  );
}

export interface HearingValues {
  stage: string;
  journey: string;
  myJourneyDescription: string;
  leftEar: string | null;
  rightEar: string | null;
  deviceType: string | null;
  hearingAidType: string;
  /** 'yes', 'no' or '' when the member has not said. */
  useHearing: string;
}

export function hearingPayload(
  values: HearingValues,
  visibility: VisibilityMap,
  now = new Date(),
): ProfileUpdateInput {
  return withMeta(
    {
      stage: values.stage.trim(),
      journey: values.journey.trim(),
      myJourneyDescription: values.myJourneyDescription.trim(),
      leftEar: values.leftEar,
      rightEar: values.rightEar,
      deviceType: values.deviceType,
      hearingAidType: values.hearingAidType.trim(),
      // Not answered stays unsaved: turning it into `false` would store a health value ('no') the
      // member never gave.
      ...(values.useHearing === '' ? {} : { useHearing: values.useHearing }),
    },
    visibility,
    now,
  );
}

export interface PlaceValues {
  country: string;
  region: string | null;
}

export function placePayload(
  values: PlaceValues,
  visibility: VisibilityMap,
  now = new Date(),
): ProfileUpdateInput {
  const country = values.country.trim().toUpperCase();
  // The server checks a region against the country sent with it, so both always travel together.
  return withMeta({ country, region: country ? values.region : null }, visibility, now);
}

export interface InterestsValues {
  interests: string[];
  languages: string[];
  seekSupportFor: string[];
}

export function interestsPayload(
  values: InterestsValues,
  visibility: VisibilityMap,
  now = new Date(),
): ProfileUpdateInput {
  return withMeta(
    {
      interests: values.interests,
      languages: values.languages,
      seekSupportFor: values.seekSupportFor,
    },
    visibility,
    now,
  );
}

export interface MessagesValues {
  welcome: string;
  enableAutomaticResponse: boolean;
  automaticResponse: string;
}

export function messagesPayload(
  values: MessagesValues,
  visibility: VisibilityMap,
  now = new Date(),
): ProfileUpdateInput {
  return withMeta(
    {
      welcome: values.welcome.trim(),
      enableAutomaticResponse: values.enableAutomaticResponse ? 'yes' : 'no',
      automaticResponse: values.automaticResponse.trim(),
    },
    visibility,
    now,
  );
}

export interface EmailValues {
  email: string;
  currentPassword: string;
}

export function emailPayload(values: EmailValues, now = new Date()): ProfileUpdateInput {
  return buildProfilePayload(
    { email: values.email.trim(), currentPassword: values.currentPassword },
    now,
  );
}

export interface PasswordValues {
  password: string;
  confirmPassword: string;
  currentPassword: string;
}

/** The new password is taken from the confirm-password field (spec §3). */
export function passwordPayload(values: PasswordValues, now = new Date()): ProfileUpdateInput {
  return buildProfilePayload(
    { confirmPassword: values.confirmPassword, currentPassword: values.currentPassword },
    now,
  );
}
