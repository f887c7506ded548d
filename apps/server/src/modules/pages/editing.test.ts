import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  PAGE_BY_SLUG_QUERY,
  type FaqOutput,
  type PageBySlugResult,
  type PageDetailOutput,
  type PageListOutput,
  type Role,
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
import { ensureDefaultPages } from './service';

type Member = Awaited<ReturnType<typeof signedInMembers<1>>>[0];

let t: TestApp;
/** One account per kind of actor the staff table tells apart. */
let member: Member;
let mentor: Member;
let medelUser: Member;
let manager: Member;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@attune.test', MANUFACTURER_NAME: 'Hearing Co' });
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
const publicPage = async (slug: string, language: string) =>
  (await graphql<PageBySlugResult>(t.app, PAGE_BY_SLUG_QUERY, { slug, language })).body.data
    ?.pageBySlug ?? null;
const save = (who: Member, slug: string, body: object, language = 'en') =>
  call('PUT', `/api/pages/${slug}/${language}`, who, body);
const fieldOf = (response: { json(): unknown }) =>
  (response.json() as { data: { params: { field: string } } }).data.params.field;

async function auditOf(action: string) {
  const found = (await t.database.db.execute(
    sql`select actor_id as "actorId", details from staff_audit where action = ${action} order by id`,
  )) as unknown as { rows: { actorId: number; details: Record<string, unknown> }[] };
  return found.rows;
}

describe('pages: drafts, revisions, sanitising', () => {
  it('keeps a draft from the public and shows it once published', async () => {
    const draft = await save(manager, 'hearing-tips', {
      title: 'Hearing tips',
      content: '<p>Practise with audiobooks.</p>',
      status: 'draft',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({
      slug: 'hearing-tips',
      language: 'en',
      status: 'draft',
      content: '<p>Practise with audiobooks.</p>',
    });
    expect(await publicPage('hearing-tips', 'EN')).toBeNull();
    const list = (await call('GET', '/api/pages', manager)).json() as PageListOutput;
    expect(list).toContainEqual(
      expect.objectContaining({ slug: 'hearing-tips', language: 'en', status: 'draft' }),
    );
    expect(list.filter((page) => page.slug === 'about').map((page) => page.language)).toEqual([
      'de',
      'en',
      'es',
    ]);

    await save(admin, 'hearing-tips', {
      title: 'Hearing tips',
      content: '<p>Practise with audiobooks.</p>',
      status: 'published',
    });
    expect(await publicPage('hearing-tips', 'EN')).toMatchObject({ title: 'Hearing tips' });

    // Taking a published page back to draft hides it again.
    await save(admin, 'about', { title: 'About', content: '<p>Soon.</p>', status: 'draft' }, 'es');
    expect(await publicPage('about', 'ES')).toBeNull();
    expect(await publicPage('about', 'DE')).not.toBeNull();
  });

  it('writes a revision and an audit entry with every save; lists revisions newest first', async () => {
    const before = (await auditOf('page.updated')).length;
    for (const title of ['Privacy 1', 'Privacy 2'])
      expect(
        (await save(manager, 'privacy', { title, content: '<p>Text</p>', status: 'published' }))
          .statusCode,
      ).toBe(200);
    const detail = (await call('GET', '/api/pages/privacy/en', admin)).json() as PageDetailOutput;
    expect(detail.title).toBe('Privacy 2');
    expect(detail.revisions.map((revision) => revision.title)).toEqual(['Privacy 2', 'Privacy 1']);
    expect(detail.revisions[0]).toMatchObject({
      status: 'published',
      editor: { id: manager.id, nickname: expect.any(String) },
    });
    const audit = (await auditOf('page.updated')).slice(before);
    expect(audit).toEqual([
      {
        actorId: manager.id,
        details: { slug: 'privacy', language: 'en', status: 'published', created: true },
      },
      {
        actorId: manager.id,
        details: { slug: 'privacy', language: 'en', status: 'published', created: false },
      },
    ]);
    expect((await call('GET', '/api/pages/nothing-here/en', admin)).statusCode).toBe(404);
  });

  it('keeps at most 50 revisions in the answer', async () => {
    for (let index = 1; index <= 52; index += 1)
      await save(admin, 'long-history', {
        title: `Version ${index}`,
        content: '<p>x</p>',
        status: 'published',
      });
    const detail = (
      await call('GET', '/api/pages/long-history/en', admin)
    ).json() as PageDetailOutput;
    expect(detail.revisions).toHaveLength(50);
    expect(detail.revisions[0]!.title).toBe('Version 52');
  });

  it('sanitises the content: no script, no event attributes, no script addresses', async () => {
    const dirty =
      '<h1 onclick="steal()">Welcome</h1><p style="color:red" onmouseover="x()">Hello ' +
      '<script>alert(1)</script><a href="javascript:alert(1)">bad</a> and ' +
      '<a href="https://example.org/help">good</a></p><img src="https://evil.example/x.png" ' +
      'onerror="alert(1)"><iframe src="https://evil.example"></iframe>';
    const preview = await call('POST', '/api/pages/preview', manager, { content: dirty });
    expect(preview.statusCode, preview.body).toBe(200);
    const { html } = preview.json() as { html: string };
    for (const forbidden of [
      '<script',
      'onclick',
      'onmouseover',
      'onerror',
      'javascript:',
      'style=',
      'iframe',
      'evil.example',
    ])
      expect(html).not.toContain(forbidden);
    expect(html).toContain('<h2>Welcome</h2>');
    expect(html).toContain('<a href="https://example.org/help"');

    const saved = await save(manager, 'dirty', {
      title: 'Dirty',
      content: dirty,
      status: 'published',
    });
    expect((saved.json() as PageDetailOutput).content).toBe(html);
  });

  it('keeps the configuration tokens when saved and fills them in for readers', async () => {
    const saved = await save(admin, 'contact-us', {
      title: 'Contact',
      content:
        '<p>Write to <a href="mailto:{{supportEmail}}">{{supportEmail}}</a> at {{manufacturer}}.</p>',
      status: 'published',
    });
    expect((saved.json() as PageDetailOutput).content).toContain('{{supportEmail}}');
    const read = await publicPage('contact-us', 'EN');
    expect(read?.content).toContain('mailto:help@attune.test');
    expect(read?.content).toContain('Hearing Co');
    expect(read?.content).not.toContain('{{');
  });

  it.each([
    ['Bad_Slug', { title: 'x', content: '<p>x</p>', status: 'draft' }, 'slug'],
    ['good', { title: '  ', content: '<p>x</p>', status: 'draft' }, 'title'],
    ['good', { title: 'x', content: '<p> </p><script>x()</script>', status: 'draft' }, 'content'],
    ['good', { title: 'x', content: '<p>x</p>', status: 'hidden' }, 'status'],
    ['good', { title: 'x'.repeat(201), content: '<p>x</p>', status: 'draft' }, 'title'],
  ])('refuses %s %j at its field, and stores nothing', async (slug, body, field) => {
    const answer = await save(admin, slug, body);
    expect(answer.statusCode).toBe(400);
    expect(codeOf(answer)).toBe('validation_failed');
    expect(fieldOf(answer)).toBe(field);
    expect((await call('GET', `/api/pages/good/en`, admin)).statusCode).toBe(404);
  });

  it('refuses an unknown language in the address', async () => {
    const answer = await save(
      admin,
      'about',
      { title: 'x', content: '<p>x</p>', status: 'draft' },
      'fr',
    );
    expect(answer.statusCode).toBe(400);
    expect(fieldOf(answer)).toBe('language');
  });
});

describe('the FAQ', () => {
  const faq = (query: string) => t.app.inject({ url: `/api/faq?${query}` });
  const questions = async (query: string) =>
    ((await faq(query)).json() as FaqOutput).entries.map((entry) => entry.question);
  const replace = (who: Member | null, language: string, entries: object[]) =>
    call('PUT', `/api/faq/${language}`, who, { entries });

  it('seeds helpful entries in every language, by position, for anyone to read', async () => {
    for (const language of ['en', 'de', 'es']) {
      const answer = await faq(`language=${language}`);
      expect(answer.statusCode).toBe(200);
      const { entries } = answer.json() as FaqOutput;
      expect(entries.length).toBeGreaterThanOrEqual(6);
      expect(entries.map((entry) => entry.position)).toEqual(entries.map((_, index) => index + 1));
    }
    expect((await questions('language=en'))[0]).toBe('What is Attune?');
    // The language of the request when none is named.
    const german = await t.app.inject({ url: '/api/faq', headers: { 'accept-language': 'de' } });
    expect((german.json() as FaqOutput).entries[0]!.question).toBe('Was ist Attune?');
    expect(await questions('language=en&search=sound')).toEqual([
      'What is Attune?',
      'Is there sound anywhere in Attune?',
    ]);
    // Seeding again changes nothing.
    await ensureDefaultPages(t.database.db);
    expect(await questions('language=en')).toHaveLength(8);
  });

  it('replaces a language’s list in the order given, sanitised, with an audit entry', async () => {
    const before = (await auditOf('faq.updated')).length;
    const saved = await replace(manager, 'de', [
      {
        question: 'Wann hat die Praxis geöffnet?',
        answer: '<p>Fragen Sie Ihre Médecin-Praxis.</p>',
      },
      { question: 'MÉDECIN oder Ärztin?', answer: '<p>Beides.<script>alert(1)</script></p>' },
      {
        question: 'Wie lange dauert die Reha?',
        answer: '<p onclick="x()">Einige <strong>Wochen</strong>.</p>',
      },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const { entries } = saved.json() as FaqOutput;
    expect(entries.map((entry) => [entry.position, entry.question])).toEqual([
      [1, 'Wann hat die Praxis geöffnet?'],
      [2, 'MÉDECIN oder Ärztin?'],
      [3, 'Wie lange dauert die Reha?'],
    ]);
    expect(entries[1]!.answer).toBe('<p>Beides.</p>');
    expect(entries[2]!.answer).toBe('<p>Einige <strong>Wochen</strong>.</p>');
    expect((await auditOf('faq.updated')).slice(before)).toEqual([
      { actorId: manager.id, details: { language: 'de', entries: 3 } },
    ]);

    // A new order replaces the old one; other languages are untouched.
    const reordered = await replace(admin, 'de', [
      { question: 'Wie lange dauert die Reha?', answer: '<p>Einige Wochen.</p>' },
      { question: 'Wann hat die Praxis geöffnet?', answer: '<p>Morgens.</p>' },
    ]);
    expect(reordered.statusCode).toBe(200);
    expect(await questions('language=de')).toEqual([
      'Wie lange dauert die Reha?',
      'Wann hat die Praxis geöffnet?',
    ]);
    expect(await questions('language=en')).toHaveLength(8);
    // Seeding at the next start leaves an edited language alone.
    await ensureDefaultPages(t.database.db);
    expect(await questions('language=de')).toHaveLength(2);
  });

  it('searches questions and answer text in SQL, accents and case aside (de, es)', async () => {
    await replace(admin, 'de', [
      { question: 'Brauche ich einen Médecin?', answer: '<p>Nein.</p>' },
      {
        question: 'Was kostet die Anpassung?',
        answer: '<p>Das zahlt meist die Krankenkasse für Sie.</p>',
      },
      {
        question: 'Gibt es eine Übung?',
        answer: '<p>Ja, <a href="https://example.org/hoeren">Hörtraining</a>.</p>',
      },
    ]);
    await replace(admin, 'es', [
      { question: '¿Dónde está el audífono?', answer: '<p>En la caja.</p>' },
      { question: '¿Qué hago si se rompe?', answer: '<p>Llame a su AUDIÓLOGA o al médico.</p>' },
    ]);
    expect(await questions('language=de&search=medecin')).toEqual(['Brauche ich einen Médecin?']);
    expect(await questions('language=de&search=MEDECIN')).toEqual(['Brauche ich einen Médecin?']);
    expect(await questions('language=de&search=m%C3%A9decin')).toEqual([
      'Brauche ich einen Médecin?',
    ]);
    // Answer text counts; umlauts fold like accents; tags and addresses do not count.
    expect(await questions('language=de&search=krankenkasse%20fur')).toEqual([
      'Was kostet die Anpassung?',
    ]);
    expect(await questions('language=de&search=hortraining')).toEqual(['Gibt es eine Übung?']);
    expect(await questions('language=de&search=ubung')).toEqual(['Gibt es eine Übung?']);
    expect(await questions('language=de&search=example.org')).toEqual([]);
    expect(await questions('language=de&search=strong')).toEqual([]);
    expect(await questions('language=es&search=AUDIFONO')).toEqual(['¿Dónde está el audífono?']);
    expect(await questions('language=es&search=audiologa')).toEqual(['¿Qué hago si se rompe?']);
    expect(await questions('language=es&search=M%C3%89DICO')).toEqual(['¿Qué hago si se rompe?']);
    // LIKE's own signs are taken literally.
    expect(await questions('language=es&search=%25')).toEqual([]);
    expect(await questions('language=es&search=_')).toEqual([]);
    expect(await questions('language=es&search=')).toHaveLength(2);
  });

  it.each([
    [[{ question: '', answer: '<p>x</p>' }], 'entries.0.question'],
    [[{ question: 'q'.repeat(301), answer: '<p>x</p>' }], 'entries.0.question'],
    [
      [
        { question: 'ok', answer: '<p>ok</p>' },
        { question: 'q', answer: 'a'.repeat(5001) },
      ],
      'entries.1.answer',
    ],
    [
      [
        { question: 'ok', answer: '<p>ok</p>' },
        { question: 'q', answer: '<script>x()</script>' },
      ],
      'entries.1.answer',
    ],
    [[], 'entries'],
    [Array.from({ length: 101 }, () => ({ question: 'q', answer: 'a' })), 'entries'],
  ])('refuses %#: at its field, and keeps the list as it was', async (entries, field) => {
    const before = await questions('language=es');
    const answer = await replace(admin, 'es', entries);
    expect(answer.statusCode).toBe(400);
    expect(codeOf(answer)).toBe('validation_failed');
    expect(fieldOf(answer)).toBe(field);
    expect(await questions('language=es')).toEqual(before);
  });
});

describe('who may edit content (from outside)', () => {
  const body = { title: 'Access', content: '<p>Access</p>', status: 'draft' };
  const faqBody = { entries: [{ question: 'Access?', answer: '<p>Yes.</p>' }] };
  const doors: [string, (who: Member | null) => Promise<{ statusCode: number }>][] = [
    ['GET /api/pages', (who) => call('GET', '/api/pages', who)],
    ['GET /api/pages/:slug/:language', (who) => call('GET', '/api/pages/about/en', who)],
    ['PUT /api/pages/:slug/:language', (who) => call('PUT', '/api/pages/access/en', who, body)],
    [
      'POST /api/pages/preview',
      (who) => call('POST', '/api/pages/preview', who, { content: '<p>x</p>' }),
    ],
    ['PUT /api/faq/:language', (who) => call('PUT', '/api/faq/en', who, faqBody)],
  ];

  it.each(doors)(
    '%s: anonymous 401; member, mentor, medel user 403; area manager and super admin 200',
    async (_door, knock) => {
      expect((await knock(null)).statusCode).toBe(401);
      for (const who of [member, mentor, medelUser])
        expect((await knock(who)).statusCode).toBe(403);
      for (const who of [manager, admin]) expect((await knock(who)).statusCode).toBe(200);
    },
  );

  it('refuses someone not allowed before it checks the input, so a refusal tells nothing of it (issue 41)', async () => {
    const wrong = { nonsense: true };
    for (const [method, url] of [
      ['PUT', '/api/faq/en'],
      ['PUT', '/api/pages/access/en'],
      ['POST', '/api/pages/preview'],
    ] as const) {
      const refused = await call(method, url, member, wrong);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.body).not.toMatch(/entries|content|title|expected/i);
      // Staff who may edit still learn what is wrong with their input.
      expect((await call(method, url, admin, wrong)).statusCode, `${method} ${url}`).toBe(400);
    }
  });

  it('changes nothing on a refused save', async () => {
    await call('PUT', '/api/pages/refused/en', member, body);
    expect((await call('GET', '/api/pages/refused/en', admin)).statusCode).toBe(404);
  });
});
