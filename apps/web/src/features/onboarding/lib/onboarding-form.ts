import { chosenDisplayName } from '../../../lib/display-name';
import { fieldValue, type ExtendedField } from '../../../lib/api/profile';

/** Everything the onboarding asks, as react-hook-form holds it (names follow spec §3's form). */
export interface OnboardingForm {
  nickname: string;
  name: string;
  yearOfBirth: string;
  headline: string;
  stage: string;
  journey: string;
  myJourneyDescription: string;
  leftEar: string;
  rightEar: string;
  deviceType: string;
  hearingAidType: string;
  /** '' until the member answers. */
  useHearing: '' | 'yes' | 'no';
  country: string;
  /** A region code (or a stored region name); null when none is chosen. */
  region: string | null;
  interests: string[];
  languages: string[];
  seekSupportFor: string[];
  welcome: string;
  enableAutomaticResponse: 'yes' | 'no';
  automaticResponse: string;
  /** The explicit consent checkbox; never prefilled. */
  consent: boolean;
}

export type OnboardingField = keyof OnboardingForm;

/** What `GET /api/fetch-user` gives that the onboarding reads. */
export interface OwnProfile {
  id: number;
  nickname: string;
  username?: string;
  firstName: string;
  completedSetup: boolean | null;
  extendedProfile: ExtendedField[];
}

const list = (raw: string) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Prefills the form from the member's stored profile, so a resumed onboarding shows what was saved. */
export function formFromProfile(profile: OwnProfile): OnboardingForm {
  const field = (name: string) => fieldValue(profile.extendedProfile, name);
  const useHearing = field('use hearing');
  return {
    // Empty until the member chooses a name: an older account's default (its username, once made
    // from the e-mail address) is not offered as their public name.
    nickname: chosenDisplayName(profile) ?? '',
    name: profile.firstName,
    yearOfBirth: field('year of birth'),
    headline: field('headline'),
    stage: field('stage'),
    journey: field('journey'),
    myJourneyDescription: field('my journey description'),
    leftEar: field('left ear'),
    rightEar: field('right ear'),
    deviceType: field('device type'),
    hearingAidType: field('hearing aid type'),
    useHearing: useHearing === 'yes' || useHearing === 'no' ? useHearing : '',
    country: field('country').toUpperCase(),
    region: field('region') || null,
    interests: list(field('interests')),
    languages: list(field('speaking languages')),
    seekSupportFor: list(field('seek support for')),
    welcome: field('welcome message'),
    enableAutomaticResponse: field('enable automatic response') === 'yes' ? 'yes' : 'no',
    automaticResponse: field('automatic response'),
    consent: false,
  };
}
