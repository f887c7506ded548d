import { describe, expect, it } from 'vitest';
import { HEALTH_CONSENT_VERSION } from '@attune/contract';
import { formFromProfile, type OnboardingForm, type OwnProfile } from './onboarding-form';
import { resumeStep, skipPayload, STEPS, stepPayload } from './steps';

const NOW = new Date('2026-11-22T10:00:00.000Z');

function profile(fields: Record<string, string> = {}, extra: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 7,
    nickname: 'ana',
    firstName: '',
    completedSetup: false,
    extendedProfile: Object.entries(fields).map(([name, raw], position) => ({
      databaseId: position + 1,
      name,
      value: { raw },
      visibility: 'members',
    })),
    ...extra,
  };
}

const at = (step: (typeof STEPS)[number]) => STEPS.indexOf(step);
const resume = (
  values: OnboardingForm,
  furthest: number | null = null,
  consent: 'given' | 'declined' | null = null,
  completedSetup = false,
) => resumeStep({ values, furthest, consent, completedSetup });

describe('formFromProfile', () => {
  it('offers no display name until the member chose one (never a default made from the e-mail)', () => {
    expect(
      formFromProfile(profile({}, { nickname: '', username: 'member-k3x9m2pq' })).nickname,
    ).toBe('');
    expect(
      formFromProfile(profile({}, { nickname: 'explore11-17954', username: 'explore11-17954' }))
        .nickname,
    ).toBe('');
    expect(
      formFromProfile(profile({}, { nickname: 'Ana', username: 'member-k3x9m2pq' })).nickname,
    ).toBe('Ana');
  });
});

describe('resumeStep', () => {
  it('starts a fresh account at step 1', () => {
    expect(resume(formFromProfile(profile()))).toBe(0);
  });

  it('starts at the first step the saved profile does not answer', () => {
    const values = formFromProfile(
      profile({ 'Year of birth': '1950', Stage: 'experienced', 'Left ear': 'hearing-aid' }),
    );
    // About, consent (implied by stored health data), journey and ears are done: where you live.
    expect(resume(values)).toBe(at('location'));
  });

  it('counts steps passed in this browser as done, even when skipped', () => {
    const values = formFromProfile(profile({ Headline: 'Hi' }));
    expect(resume(values, at('journey'), 'given')).toBe(at('journey'));
    expect(resume(values, at('location'), 'declined')).toBe(at('location'));
  });

  it('asks for consent again when the choice is not known and no health data is stored', () => {
    const values = formFromProfile(profile({ Headline: 'Hi' }));
    expect(resume(values)).toBe(at('consent'));
    expect(resume(values, null, 'declined')).toBe(at('journey'));
  });

  it('skips later steps already answered on the server', () => {
    const values = formFromProfile(
      profile({ Headline: 'Hi', Country: 'es', Interests: 'music', 'Welcome message': 'Hola' }),
    );
    expect(resume(values, at('journey'), 'given')).toBe(at('journey'));
    expect(resume(values, at('ears'), 'given')).toBe(at('ears'));
  });

  it('stays on the last step when every step is done but the setup is not complete', () => {
    const values = formFromProfile(
      profile({
        Headline: 'Hi',
        Stage: 'experienced',
        'Device type': 'bimodal',
        Country: 'AT',
        Interests: 'music',
        'Welcome message': 'Hallo',
      }),
    );
    expect(resume(values)).toBe(STEPS.length - 1);
  });

  it('starts a member who finished at step 1 to review', () => {
    expect(resume(formFromProfile(profile({ Headline: 'Hi' })), 5, 'given', true)).toBe(0);
  });
});

describe('formFromProfile', () => {
  it('prefills every field, with lists split and blanks kept blank', () => {
    const values = formFromProfile(
      profile(
        {
          Interests: 'music, travel',
          'Speaking languages': 'es,en',
          'seek support for': 'work',
          'Use hearing': 'yes',
          'Enable automatic response': '',
          Country: 'es',
          Region: '',
        },
        { firstName: 'Ana' },
      ),
    );
    expect(values).toMatchObject({
      nickname: 'ana',
      name: 'Ana',
      interests: ['music', 'travel'],
      languages: ['es', 'en'],
      seekSupportFor: ['work'],
      useHearing: 'yes',
      enableAutomaticResponse: 'no',
      country: 'ES',
      region: null,
      consent: false,
    });
  });
});

describe('stepPayload', () => {
  const values: OnboardingForm = {
    ...formFromProfile(profile()),
    nickname: 'Ana',
    name: 'Ana',
    yearOfBirth: '1950',
    headline: 'Hola',
    stage: 'experienced',
    leftEar: 'hearing-aid',
    useHearing: '',
    country: 'ES',
    region: null,
    interests: ['music'],
    languages: ['es'],
    seekSupportFor: ['work'],
    welcome: 'Bienvenido',
    enableAutomaticResponse: 'no',
    automaticResponse: 'ignored while off',
  };

  it('sends only the step’s own fields through the spec mapping', () => {
    expect(stepPayload('about', values, null, { now: NOW })).toEqual({
      nickname: 'Ana',
      firstName: 'Ana',
      yearOfBirth: '1950',
      headline: 'Hola',
      latestUpdate: NOW.toISOString(),
    });
    expect(stepPayload('location', values, null, { now: NOW })).toEqual({
      country: 'ES',
      region: '',
      latestUpdate: NOW.toISOString(),
    });
  });

  it('records consent with the text version on the consent step', () => {
    expect(stepPayload('consent', values, 'given', { now: NOW })).toEqual({
      healthConsent: { accepted: true, version: HEALTH_CONSENT_VERSION },
      latestUpdate: NOW.toISOString(),
    });
  });

  it('sends health fields only with consent, and leaves an unanswered yes/no out', () => {
    expect(stepPayload('ears', values, 'given', { now: NOW })).toEqual({
      leftEar: 'hearing-aid',
      rightEar: '',
      deviceType: '',
      hearingAidType: '',
      latestUpdate: NOW.toISOString(),
    });
    expect(stepPayload('ears', values, 'declined', { now: NOW })).toEqual({
      latestUpdate: NOW.toISOString(),
    });
    expect(stepPayload('interests', values, 'declined', { now: NOW })).toEqual({
      interests: 'music',
      speakingLanguages: 'es',
      latestUpdate: NOW.toISOString(),
    });
    expect(stepPayload('interests', values, 'given', { now: NOW }).seekSupportFor).toBe('work');
  });

  it('finishes the setup on the last step and sends the automatic response only when on', () => {
    expect(stepPayload('welcome', values, 'given', { finish: true, now: NOW })).toEqual({
      welcomeMessage: 'Bienvenido',
      enableAutomaticResponse: 'no',
      completedSetup: 'yes',
      latestUpdate: NOW.toISOString(),
    });
    expect(
      stepPayload('welcome', { ...values, enableAutomaticResponse: 'yes' }, null, { now: NOW }),
    ).toMatchObject({ enableAutomaticResponse: 'yes', automaticResponse: 'ignored while off' });
  });

  it('a skipped last step still completes the setup', () => {
    expect(skipPayload(true, NOW)).toEqual({
      completedSetup: 'yes',
      latestUpdate: NOW.toISOString(),
    });
    expect(skipPayload(false, NOW)).toBeNull();
  });
});
