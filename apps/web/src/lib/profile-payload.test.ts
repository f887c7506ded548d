import { describe, expect, it } from 'vitest';
import { buildProfilePayload, joinList, toBoolean } from './profile-payload';

const NOW = new Date('2026-11-22T10:00:00.000Z');

describe('buildProfilePayload (spec §3 mapping)', () => {
  it('maps a complete form', () => {
    expect(
      buildProfilePayload(
        {
          nickname: 'Ana',
          email: 'ana@example.com',
          confirmPassword: 'New-Password-123!',
          currentPassword: 'Old-Password-123!',
          name: 'Ana',
          lastName: 'López',
          welcome: 'Hola',
          enableAutomaticResponse: 'yes',
          automaticResponse: 'Vuelvo pronto',
          interests: ['music', 'travel'],
          languages: ['es', 'en'],
          about: 'Sobre mí',
          yearOfBirth: 1955,
          stage: 'experienced',
          journey: 'gradual',
          myJourneyDescription: 'Poco a poco',
          leftEar: 'cochlear-implant',
          rightEar: 'hearing-aid',
          deviceType: 'bimodal',
          completedSetup: 'yes',
          country: 'ES',
          region: 'M',
          useHearing: 'yes',
          hearingAidType: 'ric',
          seekSupportFor: ['music', 'phone-calls'],
          headline: 'Bimodal desde 2019',
        },
        NOW,
      ),
    ).toEqual({
      nickname: 'Ana',
      email: 'ana@example.com',
      password: 'New-Password-123!',
      currentPassword: 'Old-Password-123!',
      firstName: 'Ana',
      lastName: 'López',
      welcomeMessage: 'Hola',
      enableAutomaticResponse: 'yes',
      automaticResponse: 'Vuelvo pronto',
      interests: 'music,travel',
      speakingLanguages: 'es,en',
      description: 'Sobre mí',
      yearOfBirth: '1955',
      stage: 'experienced',
      journey: 'gradual',
      myJourneyDescription: 'Poco a poco',
      leftEar: 'cochlear-implant',
      rightEar: 'hearing-aid',
      deviceType: 'bimodal',
      completedSetup: 'yes',
      country: 'ES',
      region: 'M',
      useHearing: true,
      hearingAidType: 'ric',
      seekSupportFor: 'music,phone-calls',
      headline: 'Bimodal desde 2019',
      latestUpdate: '2026-11-22T10:00:00.000Z',
    });
  });

  it('renames name, welcome, languages, about and confirm-password', () => {
    const payload = buildProfilePayload(
      { name: 'Jo', welcome: 'Hi', languages: ['de'], about: 'Me', confirmPassword: 'secret' },
      NOW,
    );
    expect(payload).toMatchObject({
      firstName: 'Jo',
      welcomeMessage: 'Hi',
      speakingLanguages: 'de',
      description: 'Me',
      password: 'secret',
    });
    for (const key of ['name', 'welcome', 'languages', 'about', 'confirmPassword']) {
      expect(payload).not.toHaveProperty(key);
    }
  });

  it('comma-joins interests, languages and seek-support lists, dropping blanks', () => {
    expect(
      buildProfilePayload(
        { interests: ['music', ' ', 'arts '], languages: [], seekSupportFor: 'work, ,school' },
        NOW,
      ),
    ).toMatchObject({
      interests: 'music,arts',
      speakingLanguages: '',
      seekSupportFor: 'work,school',
    });
  });

  it('sends blank ears and device type as empty strings', () => {
    expect(
      buildProfilePayload({ leftEar: null, rightEar: '  ', deviceType: '' }, NOW),
    ).toMatchObject({ leftEar: '', rightEar: '', deviceType: '' });
  });

  it('sends a null region (and a null country) as empty strings', () => {
    expect(buildProfilePayload({ country: null, region: null }, NOW)).toMatchObject({
      country: '',
      region: '',
    });
    expect(buildProfilePayload({ country: 'AT', region: null }, NOW)).toMatchObject({
      country: 'AT',
      region: '',
    });
  });

  it.each([
    ['yes', true],
    ['true', true],
    ['1', true],
    ['on', true],
    ['YES', true],
    [true, true],
    ['no', false],
    ['', false],
    ['off', false],
    [false, false],
    [null, false],
  ] as const)('reads useHearing %j as %s', (value, expected) => {
    expect(buildProfilePayload({ useHearing: value }, NOW).useHearing).toBe(expected);
  });

  it('stamps latestUpdate with the current time in ISO form', () => {
    expect(buildProfilePayload({}, NOW)).toEqual({ latestUpdate: '2026-11-22T10:00:00.000Z' });
    const before = Date.now();
    const stamped = Date.parse(buildProfilePayload({}).latestUpdate ?? '');
    expect(stamped).toBeGreaterThanOrEqual(before);
  });

  it('leaves out what the form does not hold, so one step sends only its part', () => {
    expect(buildProfilePayload({ headline: 'Hello' }, NOW)).toEqual({
      headline: 'Hello',
      latestUpdate: NOW.toISOString(),
    });
  });

  it('does not send a password when the confirm field is blank', () => {
    expect(buildProfilePayload({ confirmPassword: '' }, NOW)).not.toHaveProperty('password');
  });

  it('sends the year of birth as trimmed text', () => {
    expect(buildProfilePayload({ yearOfBirth: ' 1960 ' }, NOW).yearOfBirth).toBe('1960');
    expect(buildProfilePayload({ yearOfBirth: '' }, NOW).yearOfBirth).toBe('');
  });
});

describe('helpers', () => {
  it('joinList accepts arrays and comma strings', () => {
    expect(joinList(['a', 'b'])).toBe('a,b');
    expect(joinList('a, b,,c')).toBe('a,b,c');
  });
  it('toBoolean reads yes/true/1/on', () => {
    expect(toBoolean(' On ')).toBe(true);
    expect(toBoolean(undefined)).toBe(false);
  });
});
