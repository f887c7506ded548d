import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setMemberRoles } from '../auth/service';
import { HEALTH_CONSENT_VERSION, VIEWER_QUERY, type ViewerResult } from '@attune/contract';
import {
  bearer,
  createTestApp,
  signedInMember,
  graphql,
  logIn,
  type TestApp,
  updateProfile,
} from '../../../test/app';

const consent = { healthConsent: { accepted: true as const, version: HEALTH_CONSENT_VERSION } };

const PROFILE_QUERY = `query Profile($id: ID!, $ts: String) {
  user(id: $id, idType: DATABASE_ID, timestamp: $ts) {
    databaseId nickname email capabilities roles isFriend totalFriendCount completedSetup description firstName
    memberTypes mentionName area locale registeredDate jwtAuthExpiration
    extendedProfile { name value { raw } visibility }
  }
}`;

interface ProfileAnswer {
  user: null | {
    databaseId: number;
    email: string | null;
    isFriend: number;
    completedSetup: boolean | null;
    extendedProfile: { name: string; value: { raw: string }; visibility: string | null }[];
    [key: string]: unknown;
  };
}

describe('profiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    // More members sign up from one test address than one person would: the per-address limits are raised.
    t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
  });
  afterAll(() => t.close());

  const member = () => signedInMember(t.app);
  const update = (token: string, body: object) => updateProfile(t.app, token, body);
  const fetchUser = (token: string) =>
    t.app.inject({ url: '/api/fetch-user', headers: bearer(token) });
  const profileOf = (token: string, id: number) =>
    graphql<ProfileAnswer>(
      t.app,
      PROFILE_QUERY,
      { id: String(id), ts: String(Date.now()) },
      bearer(token),
    );
  const field = (answer: ProfileAnswer, name: string) =>
    answer.user?.extendedProfile.find((f) => f.name === name);

  it('saves the whole form payload of spec §3 and reads it back', async () => {
    const me = await member();
    const answer = await update(me.token, {
      nickname: `Anna ${me.id}`,
      firstName: 'Anna',
      welcomeMessage: 'Hello!',
      enableAutomaticResponse: 'yes',
      automaticResponse: 'I answer in the evening.',
      interests: 'music, travel,music',
      speakingLanguages: 'de,en',
      description: 'CI user since 2019.',
      yearOfBirth: '1956',
      stage: 'experienced',
      journey: 'gradual',
      myJourneyDescription: 'It came slowly.',
      leftEar: 'cochlear-implant',
      rightEar: '',
      deviceType: 'bimodal',
      completedSetup: 'yes',
      country: 'at',
      region: 'Tirol',
      useHearing: true,
      hearingAidType: 'ric',
      seekSupportFor: 'music,phone-calls',
      headline: 'Music again!',
      latestUpdate: new Date().toISOString(),
      ...consent,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ message: 'Your profile was saved.' });

    const fetched = await fetchUser(me.token);
    expect(fetched.statusCode).toBe(200);
    const body = fetched.json();
    expect(body).toMatchObject({
      id: me.id,
      nickname: `Anna ${me.id}`,
      firstName: 'Anna',
      description: 'CI user since 2019.',
      completedSetup: true,
      email: me.email,
    });
    const values = Object.fromEntries(
      (body.extendedProfile as { name: string; value: { raw: string } }[]).map((f) => [
        f.name,
        f.value.raw,
      ]),
    );
    expect(values).toMatchObject({
      Interests: 'music,travel',
      'Speaking languages': 'de,en',
      Country: 'AT',
      Region: 'Tirol',
      'Use hearing': 'yes',
      'Left ear': 'cochlear-implant',
      'Right ear': '',
      'Seek support for': 'music,phone-calls',
    });
  });

  it('stores a region by its name, whether the form sent its name or its code', async () => {
    const me = await signedInMember(t.app);
    const regionOf = async () =>
      (
        (await fetchUser(me.token)).json().extendedProfile as {
          name: string;
          value: { raw: string };
        }[]
      ).find((field) => field.name === 'Region')?.value.raw;
    const regions = (await t.app.inject({ url: '/api/regions?country=ES' })).json() as {
      name: string;
      code: string;
    }[];
    const madrid = regions.find((region) => region.name === 'Madrid')!;
    expect(madrid.code).not.toBe('Madrid');
    expect((await update(me.token, { country: 'es', region: madrid.code })).statusCode).toBe(200);
    expect(await regionOf()).toBe('Madrid');
    expect((await update(me.token, { country: 'ES', region: 'Madrid' })).statusCode).toBe(200);
    expect(await regionOf()).toBe('Madrid');
  });

  it.each([
    [{ stage: 'unknown-stage' }, /not a choice for Stage/, 'stage'],
    [
      { interests: 'music,knitting-robots' },
      /"knitting-robots" is not a choice for Interests/,
      'interests',
    ],
    [{ yearOfBirth: '1850' }, /year of birth between 1900/, 'yearOfBirth'],
    [{ speakingLanguages: 'de,xx' }, /"xx" is not a language code/, 'speakingLanguages'],
    [{ country: 'ZZ' }, /not a country code/, 'country'],
    [{ region: 'Tirol' }, /country together with the region/, 'region'],
    [{ country: 'DE', region: 'Tirol' }, /not a region of DE/, 'region'],
    [{ completedSetup: 'maybe' }, /Invalid completedSetup/, 'completedSetup'],
    [{ headline: 'x'.repeat(121) }, /at most 120 characters/, 'headline'],
    [{ visibility: { 'Left ear': 'everyone' } }, /Invalid/, 'visibility.Left ear'],
    [
      { visibility: { 'Shoe size': 'members' } },
      /no profile field called "Shoe size"/,
      'visibility.Shoe size',
    ],
  ])(
    'refuses %j with a clear message naming the field, and changes nothing',
    async (body, message, field) => {
      const me = await member();
      const before = (await fetchUser(me.token)).json();
      const answer = await update(me.token, { firstName: 'Changed', ...body });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(message);
      expect(answer.json()).toMatchObject({
        code: 'validation_failed',
        data: { params: { field } },
      });
      expect((await fetchUser(me.token)).json()).toEqual(before);
    },
  );

  it('asks for explicit consent before storing health data, and records when and which text', async () => {
    const me = await member();
    const refused = await update(me.token, { leftEar: 'hearing-aid' });
    expect(refused.json()).toMatchObject({
      code: 'health_consent_required',
      data: { status: 400 },
    });
    expect((await update(me.token, { leftEar: 'hearing-aid', ...consent })).statusCode).toBe(200);
    const rows = await t.database.db.execute(
      sql`select health_consent_at, health_consent_version from users where id = ${me.id}`,
    );
    const row = (
      rows as unknown as { rows: { health_consent_at: unknown; health_consent_version: string }[] }
    ).rows[0]!;
    expect(row.health_consent_version).toBe(HEALTH_CONSENT_VERSION);
    expect(row.health_consent_at).not.toBeNull();
    expect((await fetchUser(me.token)).json().healthConsent).toMatchObject({
      version: HEALTH_CONSENT_VERSION,
      givenAt: expect.any(String),
    });
    // Once given, later saves need no new consent.
    expect((await update(me.token, { rightEar: 'hearing-aid' })).statusCode).toBe(200);
  });

  it('needs the current password to change e-mail or password', async () => {
    const me = await member();
    const other = await member();
    expect((await update(me.token, { email: `new-${me.email}` })).json().code).toBe(
      'current_password_required',
    );
    expect(
      (
        await update(me.token, { email: `new-${me.email}`, currentPassword: 'wrong-password-1' })
      ).json().code,
    ).toBe('current_password_wrong');
    expect(
      (await update(me.token, { email: other.email, currentPassword: me.password })).json(),
    ).toMatchObject({ code: 'email_taken', data: { status: 409, params: {} } });
    const pending = await update(me.token, {
      email: `NEW-${me.email}`,
      currentPassword: me.password,
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().pendingEmail).toBe(`new-${me.email}`);
    // Not yet: the new address must first send back its code (email-change.test.ts).
    expect((await fetchUser(me.token)).json().email).toBe(me.email);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const me = await member();
    const otherDevice = await logIn(t.app, me.email, me.password);
    expect(
      (await update(me.token, { password: 'short', currentPassword: me.password })).json().code,
    ).toBe('password_too_short');
    const changed = await update(me.token, {
      password: 'a-brand-new-passphrase-7',
      currentPassword: me.password,
    });
    expect(changed.statusCode).toBe(200);
    expect(
      (await graphql<ViewerResult>(t.app, VIEWER_QUERY, {}, bearer(me.token))).body.data?.viewer
        ?.databaseId,
    ).toBe(me.id);
    expect(
      (await graphql(t.app, VIEWER_QUERY, {}, bearer(otherDevice.authToken))).body.errors?.[0]
        ?.extensions.code,
    ).toBe('session_revoked');
    expect((await logIn(t.app, me.email, 'a-brand-new-passphrase-7')).user.databaseId).toBe(me.id);
  });

  it('checks nicknames: taken by others exists, one’s own counts as free', async () => {
    const me = await member();
    const other = await member();
    await update(me.token, { nickname: `Clara ${me.id}` });
    const check = (name: string, token?: string) =>
      t.app.inject({
        url: `/api/users/check/nickname/${encodeURIComponent(name)}`,
        headers: token ? bearer(token) : {},
      });
    expect((await check(`clara ${me.id}`, me.token)).json()).toEqual({ exists: false });
    expect((await check(`Clara ${me.id}`, other.token)).json()).toEqual({ exists: true });
    expect((await check(`Clara ${me.id}`)).json()).toEqual({ exists: true });
    expect((await check(`Nobody ${me.id}`, other.token)).json()).toEqual({ exists: false });
    expect((await update(other.token, { nickname: `CLARA ${me.id}` })).json()).toMatchObject({
      code: 'nickname_taken',
      data: { status: 409 },
    });
  });

  it('refuses look-alikes of a taken nickname: zero-width, no-break space, Cyrillic, digits', async () => {
    const me = await member();
    const other = await member();
    const name = `Olga Lind ${me.id}`;
    expect((await update(me.token, { nickname: name })).statusCode).toBe(200);
    const lookAlikes = [
      name.replace('Olga', 'Ol\u200bga'), // a zero-width space inside
      name.replace(' ', '\u00a0'), // a no-break space
      name.replace(' ', '  '), // two spaces
      ` ${name} `, // spaces around
      name.replace('O', '\u041e').replace('a', '\u0430'), // Cyrillic О and а
      name.replace('O', '0').replace('l', '1'), // 0 for O, 1 for l
      name.replace('Olga', 'ＯＬＧＡ'), // full-width capitals
    ];
    for (const lookAlike of lookAlikes) {
      const answer = (await update(other.token, { nickname: lookAlike })).json();
      // The zero-width space is refused as a character; the others as the same name.
      expect(answer.code, JSON.stringify(lookAlike)).toMatch(
        /^(nickname_taken|nickname_not_allowed)$/,
      );
      if (!lookAlike.includes('\u200b'))
        expect(answer.code, JSON.stringify(lookAlike)).toBe('nickname_taken');
      const check = await t.app.inject({
        url: `/api/users/check/nickname/${encodeURIComponent(lookAlike.trim())}`,
        headers: bearer(other.token),
      });
      if (!lookAlike.includes('\u200b'))
        expect(check.json(), JSON.stringify(lookAlike)).toEqual({ exists: true });
    }
    // A different name is still free.
    expect((await update(other.token, { nickname: `Olga Lund ${me.id}` })).statusCode).toBe(200);
  });

  it('refuses invisible names, bidi overrides, control characters and newlines', async () => {
    const me = await member();
    const cases = [
      '\u200b\u200b\u200b', // zero-width spaces only
      '\u3164\u3164', // Hangul fillers (render as nothing)
      '\u2800\u2800\u2800', // braille blanks
      `Eve\u202Enatas`, // a right-to-left override
      `Eve\u2066x\u2069`, // a bidi isolate
      'Eve\nAdmin', // a newline
      'Eve\tAdmin', // a tab
      '!!', // no letter or digit
      `Z${'\u0301'.repeat(6)}algo`, // stacked combining marks
    ];
    for (const nickname of cases) {
      const answer = await update(me.token, { nickname });
      expect(answer.statusCode, JSON.stringify(nickname)).toBe(400);
      expect(answer.json().code, JSON.stringify(nickname)).toBe('nickname_not_allowed');
    }
    expect((await update(me.token, { nickname: '  ' })).json()).toMatchObject({
      code: 'validation_failed',
      data: { params: { field: 'nickname' } },
    });
  });

  it('stores the name normalised: NFKC, one space between words, trimmed', async () => {
    const me = await member();
    expect(
      (await update(me.token, { nickname: `  Ｊｏｓé\u00a0\u00a0Ramos ${me.id} ` })).statusCode,
    ).toBe(200);
    const profile = (await fetchUser(me.token)).json();
    expect(profile.nickname).toBe(`José Ramos ${me.id}`);
    // Accents and scripts of real names stay: Müller and Muller are different people.
    expect((await update(me.token, { nickname: `Müller ${me.id}` })).statusCode).toBe(200);
    const other = await member();
    expect((await update(other.token, { nickname: `Muller ${me.id}` })).statusCode).toBe(200);
    expect((await update(other.token, { nickname: `Ελένη ${me.id}` })).statusCode).toBe(200);
  });

  it('keeps look-alikes apart in the database itself (a unique index on the skeleton)', async () => {
    const me = await member();
    const other = await member();
    await update(me.token, { nickname: `Ida ${me.id}` });
    await expect(
      t.database.db.execute(
        sql`update users set nickname = 'x', nickname_skeleton = (select nickname_skeleton from users where id = ${me.id}) where id = ${other.id}`,
      ),
    ).rejects.toThrow();
  });

  it('refuses anonymous callers', async () => {
    expect((await t.app.inject({ url: '/api/fetch-user' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/update-profile',
          payload: { firstName: 'X' },
        })
      ).statusCode,
    ).toBe(401);
    const me = await member();
    const anonymous = await graphql(t.app, PROFILE_QUERY, { id: String(me.id) });
    expect(anonymous.body.errors?.[0]?.extensions.code).toBe('unauthorized');
  });

  describe('privacy of health data', () => {
    it('shows each field only to whom its owner allows, in every answer', async () => {
      const owner = await member();
      const stranger = await member();
      const friend = await member();
      const staff = await member();
      await setMemberRoles(t.app.auth, staff.id, ['medel_user']);
      await t.database.db.execute(
        sql`insert into friendships (requester_id, addressee_id, status, accepted_at) values (${owner.id}, ${friend.id}, 'accepted', now())`,
      );
      await update(owner.token, {
        leftEar: 'cochlear-implant', // default: connections
        headline: 'Hello all', // default: members
        yearOfBirth: '1950', // default: connections
        deviceType: 'bimodal',
        journey: 'sudden',
        visibility: { 'device type': 'staff', journey: 'only_me' },
        ...consent,
      });

      const seenBy = async (token: string) => (await profileOf(token, owner.id)).body.data!;
      const asStranger = await seenBy(stranger.token);
      const asFriend = await seenBy(friend.token);
      const asStaff = await seenBy(staff.token);
      const asOwner = await seenBy(owner.token);

      expect(field(asStranger, 'Headline')?.value.raw).toBe('Hello all');
      expect(field(asStranger, 'Left ear')).toBeUndefined();
      expect(field(asStranger, 'Year of birth')).toBeUndefined();
      expect(field(asStranger, 'Device type')).toBeUndefined();
      expect(field(asStranger, 'Journey')).toBeUndefined();
      expect(field(asStranger, 'Completed setup')).toBeUndefined();
      expect(asStranger.user).toMatchObject({
        email: null,
        capabilities: [],
        jwtAuthExpiration: null,
        completedSetup: null,
        isFriend: 3,
      });

      expect(field(asFriend, 'Left ear')?.value.raw).toBe('cochlear-implant');
      expect(field(asFriend, 'Device type')).toBeUndefined();
      expect(field(asFriend, 'Journey')).toBeUndefined();
      expect(asFriend.user).toMatchObject({ isFriend: 1, totalFriendCount: 1 });

      expect(field(asStaff, 'Device type')?.value.raw).toBe('bimodal');
      expect(field(asStaff, 'Left ear')).toBeUndefined();

      expect(field(asOwner, 'Journey')).toMatchObject({
        value: { raw: 'sudden' },
        visibility: 'only_me',
      });
      expect(field(asOwner, 'Left ear')?.visibility).toBe('connections');
      expect(asOwner.user?.email).toBe(owner.email);
      // Visibility is the owner's business only.
      expect(field(asFriend, 'Left ear')?.visibility).toBeNull();
    });
  });
});
