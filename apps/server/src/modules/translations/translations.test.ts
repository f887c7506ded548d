import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  TRANSLATIONS_QUERY,
  type Role,
  type TranslationsOutput,
  type TranslationsResult,
} from '@attune/contract';
import {
  callAs,
  codeOf,
  createTestApp,
  graphql,
  signedInMembers,
  type CallArgs,
  type TestApp,
} from '../../../test/app';
import { setMemberRoles } from '../auth/service';
import { bundledTexts } from './bundle';
import { withFallback } from './service';

type Member = Awaited<ReturnType<typeof signedInMembers<1>>>[0];

let t: TestApp;
let member: Member;
let mentor: Member;
let medelUser: Member;
let manager: Member;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp();
  [member, mentor, medelUser, manager, admin] = await signedInMembers(t.app, 5);
  const roles: [Member, Role[]][] = [
    [mentor, ['mentor']],
    [medelUser, ['medel_user']],
    [manager, ['area_manager']],
    [admin, ['super_admin']],
  ];
  for (const [who, granted] of roles) await setMemberRoles(t.app.auth, who.id, granted);
});
afterAll(() => t?.close());

const call = (...args: CallArgs) => callAs(t.app, ...args);
const fieldOf = (response: { json(): unknown }) =>
  (response.json() as { data: { params: { field: string } } }).data.params.field;
/** Every text of a language, merged (the query without `overridesOnly`). */
const ALL_TEXTS_QUERY = `query translations($language: String!) {
  translations(language: $language) { key value }
}`;
const texts = async (language: string) => {
  const answer = await graphql<TranslationsResult>(t.app, ALL_TEXTS_QUERY, { language });
  return new Map(answer.body.data!.translations.map((entry) => [entry.key, entry.value]));
};
const override = (who: Member | null, language: string, key: string, value: string) =>
  call('PUT', '/api/translation/internal', who, { language, key, value });
const reset = (who: Member | null, language: string, key: string) =>
  call(
    'DELETE',
    `/api/translation/internal?language=${language}&key=${encodeURIComponent(key)}`,
    who,
  );

describe('the bundled texts', () => {
  it('reads every locale file flat, as namespace:path', () => {
    const bundle = bundledTexts();
    expect(bundle.en.get('layout:footer.contact')).toBe('Contact');
    expect(bundle.de.get('layout:footer.contact')).toBe('Kontakt');
    expect(bundle.es.get('auth:login.title')).toBe('Iniciar sesión');
    expect(bundle.en.size).toBeGreaterThan(500);
  });

  it('falls back to English for a key a language lacks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'attune-locales-'));
    try {
      for (const [language, content] of [
        ['en', { greeting: 'Hello', nested: { count_one: '{{count}} thing' } }],
        ['de', { greeting: 'Hallo' }],
      ] as const) {
        mkdirSync(join(dir, language));
        writeFileSync(join(dir, language, 'demo.json'), JSON.stringify(content));
      }
      const bundle = bundledTexts(dir);
      expect(withFallback(bundle, 'de')).toEqual([
        { key: 'demo:greeting', value: 'Hallo' },
        { key: 'demo:nested.count_one', value: '{{count}} thing' },
      ]);
      // A language without any file has the English texts.
      expect(withFallback(bundle, 'es').map((entry) => entry.value)).toEqual([
        'Hello',
        '{{count}} thing',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GraphQL translations', () => {
  it('answers every key in the language asked, to anyone', async () => {
    const german = await texts('de');
    expect(german.size).toBe(bundledTexts().en.size);
    expect(german.get('layout:footer.contact')).toBe('Kontakt');
    expect((await texts('EN')).get('layout:footer.contact')).toBe('Contact');
  });

  it('refuses a language it does not have', async () => {
    const answer = await graphql(t.app, TRANSLATIONS_QUERY, { language: 'fr' });
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors?.[0]?.extensions.code).toBe('validation_failed');
  });
});

describe('overrides', () => {
  it('wins over the bundled text in its language only, and a reset brings the bundled text back', async () => {
    const saved = await override(admin, 'de', 'layout:footer.contact', 'Schreiben Sie uns');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      language: 'de',
      key: 'layout:footer.contact',
      value: 'Schreiben Sie uns',
    });
    expect((await texts('de')).get('layout:footer.contact')).toBe('Schreiben Sie uns');
    expect((await texts('en')).get('layout:footer.contact')).toBe('Contact');
    expect((await texts('es')).get('layout:footer.contact')).toBe('Contacto');
    // What the web asks on every page load: only the overrides.
    const webAsks = await graphql<TranslationsResult>(t.app, TRANSLATIONS_QUERY, {
      language: 'de',
    });
    expect(webAsks.body.data!.translations).toEqual([
      { key: 'layout:footer.contact', value: 'Schreiben Sie uns' },
    ]);
    const none = await graphql<TranslationsResult>(t.app, TRANSLATIONS_QUERY, { language: 'en' });
    expect(none.body.data!.translations).toEqual([]);

    const listed = await call(
      'GET',
      '/api/translation/internal?language=de&search=schreiben%20sie%20uns',
      admin,
    );
    const entries = (listed.json() as TranslationsOutput).entries;
    expect(entries).toContainEqual({
      key: 'layout:footer.contact',
      bundled: 'Kontakt',
      english: 'Contact',
      override: 'Schreiben Sie uns',
    });
    expect(
      entries.every((entry) =>
        [entry.key, entry.bundled, entry.english, entry.override ?? '']
          .join(' ')
          .toLowerCase()
          .includes('schreiben sie uns'),
      ),
    ).toBe(true);

    const undone = await reset(admin, 'de', 'layout:footer.contact');
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({
      language: 'de',
      key: 'layout:footer.contact',
      value: 'Kontakt',
    });
    expect((await texts('de')).get('layout:footer.contact')).toBe('Kontakt');
    // Resetting again changes nothing and still answers.
    expect((await reset(admin, 'de', 'layout:footer.contact')).statusCode).toBe(200);

    const audit = (await t.database.db.execute(
      sql`select actor_id as "actorId", details from staff_audit where action = 'translation.updated' order by id`,
    )) as unknown as { rows: { actorId: number; details: object }[] };
    expect(audit.rows).toEqual([
      { actorId: admin.id, details: { language: 'de', key: 'layout:footer.contact' } },
      {
        actorId: admin.id,
        details: { language: 'de', key: 'layout:footer.contact', reset: true },
      },
    ]);
  });

  it('keeps the placeholders of the English text', async () => {
    const key = 'layout:header.notificationsCount_other';
    const without = await override(admin, 'es', key, 'Avisos nuevos');
    expect(without.statusCode).toBe(400);
    expect(codeOf(without)).toBe('validation_failed');
    expect(fieldOf(without)).toBe('value');
    const kept = await override(admin, 'es', key, 'Avisos: {{count}} sin leer');
    expect(kept.statusCode).toBe(200);
    expect((await texts('es')).get(key)).toBe('Avisos: {{count}} sin leer');
  });

  it.each([
    [{ language: 'de', key: 'layout:footer.nothing', value: 'x' }, 'key'],
    [{ language: 'de', key: 'footer.contact', value: 'x' }, 'key'],
    [{ language: 'fr', key: 'layout:footer.contact', value: 'x' }, 'language'],
    [{ language: 'de', key: 'layout:footer.contact', value: '' }, 'value'],
    [{ language: 'de', key: 'layout:footer.contact', value: '   ' }, 'value'],
    [{ language: 'de', key: 'layout:footer.contact', value: 'x'.repeat(2001) }, 'value'],
  ])('refuses %j at %s and stores nothing', async (body, field) => {
    const answer = await call('PUT', '/api/translation/internal', admin, body);
    expect(answer.statusCode).toBe(400);
    expect(codeOf(answer)).toBe('validation_failed');
    expect(fieldOf(answer)).toBe(field);
    const stored = (await t.database.db.execute(
      sql`select count(*)::int as n from translation_overrides where key = ${body.key}`,
    )) as unknown as { rows: { n: number }[] };
    expect(stored.rows[0]!.n).toBe(0);
  });

  it('refuses to reset an unknown key', async () => {
    const answer = await reset(admin, 'de', 'layout:footer.nothing');
    expect(answer.statusCode).toBe(400);
    expect(fieldOf(answer)).toBe('key');
  });

  it('searches keys and texts, accents and case aside, at most 200', async () => {
    const search = async (language: string, words: string) =>
      (
        (
          await call(
            'GET',
            `/api/translation/internal?language=${language}&search=${encodeURIComponent(words)}`,
            admin,
          )
        ).json() as TranslationsOutput
      ).entries;
    const found = await search('es', 'INICIAR SESION');
    expect(found.map((entry) => entry.key)).toContain('auth:login.title');
    expect(
      found.every((entry) => entry.override === null || typeof entry.override === 'string'),
    ).toBe(true);
    // By key, and by the English text in another language.
    expect((await search('de', 'footer.tagline')).map((entry) => entry.key)).toEqual([
      'layout:footer.tagline',
    ]);
    expect((await search('de', 'hear with implants')).map((entry) => entry.key)).toContain(
      'layout:footer.tagline',
    );
    expect(await search('de', '')).toHaveLength(200);
  });
});

describe('who may change texts (from outside)', () => {
  const doors: [string, (who: Member | null) => Promise<{ statusCode: number }>][] = [
    ['GET', (who) => call('GET', '/api/translation/internal?language=de', who)],
    ['PUT', (who) => override(who, 'de', 'layout:footer.tagline', 'Gemeinsam hören.')],
    ['DELETE', (who) => reset(who, 'de', 'layout:footer.tagline')],
  ];

  it.each(doors)(
    '%s /api/translation/internal: anonymous 401; member to area manager 403; super admin 200',
    async (_method, knock) => {
      expect((await knock(null)).statusCode).toBe(401);
      for (const who of [member, mentor, medelUser, manager])
        expect((await knock(who)).statusCode).toBe(403);
      expect((await knock(admin)).statusCode).toBe(200);
    },
  );

  it('refuses a member before it checks the input (issue 41)', async () => {
    const refused = await call('PUT', '/api/translation/internal', manager, { nonsense: true });
    expect(refused.statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/translation/internal', admin, { nonsense: true })).statusCode,
    ).toBe(400);
  });
});
