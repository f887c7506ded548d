import { describe, expect, it } from 'vitest';
import { ProfileUpdateInput } from '@attune/contract';
import {
  aboutPayload,
  emailPayload,
  hearingPayload,
  interestsPayload,
  messagesPayload,
  passwordPayload,
  placePayload,
  splitList,
} from './payload';

const now = new Date('2026-11-22T10:00:00.000Z');
const latestUpdate = now.toISOString();

describe('settings payloads (spec §3 mapping)', () => {
  it('about: name → firstName, about → description, trimmed, with visibility', () => {
    const payload = aboutPayload(
      {
        nickname: ' Maria ',
        name: 'Maria',
        lastName: 'Lopez',
        headline: 'Music again',
        about: 'Bimodal listener',
        yearOfBirth: '1958',
      },
      { headline: 'members', 'year of birth': 'only_me' },
      now,
    );
    expect(payload).toEqual({
      nickname: 'Maria',
      firstName: 'Maria',
      lastName: 'Lopez',
      headline: 'Music again',
      description: 'Bimodal listener',
      yearOfBirth: '1958',
      visibility: { headline: 'members', 'year of birth': 'only_me' },
      latestUpdate,
    });
    expect(ProfileUpdateInput.safeParse(payload).success).toBe(true);
  });

  it('hearing: blank ears and device type become empty strings, useHearing a boolean', () => {
    const payload = hearingPayload(
      {
        stage: 'first-year',
        journey: '',
        myJourneyDescription: ' My story ',
        leftEar: null,
        rightEar: '  ',
        deviceType: null,
        hearingAidType: 'ric',
        useHearing: 'yes',
      },
      { 'left ear': 'only_me' },
      now,
    );
    expect(payload).toMatchObject({
      stage: 'first-year',
      journey: '',
      myJourneyDescription: 'My story',
      leftEar: '',
      rightEar: '',
      deviceType: '',
      hearingAidType: 'ric',
      useHearing: true,
      visibility: { 'left ear': 'only_me' },
      latestUpdate,
    });
    expect(hearingPayload({ ...emptyHearing, useHearing: 'no' }, {}, now).useHearing).toBe(false);
  });

  it('hearing: an unanswered "use hearing" is left out rather than saved as no', () => {
    const payload = hearingPayload(emptyHearing, {}, now);
    expect('useHearing' in payload).toBe(false);
    expect('visibility' in payload).toBe(false);
  });

  it('place: the country is upper-cased and the region travels with it; null region → ""', () => {
    expect(placePayload({ country: 'ie', region: 'Dublin' }, {}, now)).toEqual({
      country: 'IE',
      region: 'Dublin',
      latestUpdate,
    });
    expect(placePayload({ country: 'ES', region: null }, {}, now).region).toBe('');
    expect(placePayload({ country: '', region: 'Dublin' }, {}, now)).toMatchObject({
      country: '',
      region: '',
    });
  });

  it('interests: lists are comma-joined; languages → speakingLanguages', () => {
    expect(
      interestsPayload(
        { interests: ['music', ' travel '], languages: ['en', 'es'], seekSupportFor: [] },
        { interests: 'members' },
        now,
      ),
    ).toEqual({
      interests: 'music,travel',
      speakingLanguages: 'en,es',
      seekSupportFor: '',
      visibility: { interests: 'members' },
      latestUpdate,
    });
  });

  it('messages: welcome → welcomeMessage, the switch → yes/no', () => {
    expect(
      messagesPayload(
        { welcome: ' Hello ', enableAutomaticResponse: true, automaticResponse: 'Away' },
        {},
        now,
      ),
    ).toEqual({
      welcomeMessage: 'Hello',
      enableAutomaticResponse: 'yes',
      automaticResponse: 'Away',
      latestUpdate,
    });
  });

  it('account: the new password comes from the confirm field, with the current password', () => {
    expect(
      passwordPayload(
        { password: 'first-typing', confirmPassword: 'confirmed', currentPassword: 'old' },
        now,
      ),
    ).toEqual({ password: 'confirmed', currentPassword: 'old', latestUpdate });
    expect(emailPayload({ email: ' new@example.com ', currentPassword: 'old' }, now)).toEqual({
      email: 'new@example.com',
      currentPassword: 'old',
      latestUpdate,
    });
  });

  it('splits stored lists back without blanks or repeats', () => {
    expect(splitList('music, travel,,music')).toEqual(['music', 'travel']);
    expect(splitList('')).toEqual([]);
    expect(splitList(null)).toEqual([]);
  });
});

const emptyHearing = {
  stage: '',
  journey: '',
  myJourneyDescription: '',
  leftEar: '',
  rightEar: '',
  deviceType: '',
  hearingAidType: '',
  useHearing: '',
};
