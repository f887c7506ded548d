import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PAGE_BY_SLUG_QUERY, type PageBySlugResult } from '@attune/contract';
import { createTestApp, graphql, type TestApp } from '../../../test/app';
import { ensureDefaultPages } from './service';

describe('public pages and languages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'help@attune.test', MANUFACTURER_NAME: 'Hearing Co' });
  });
  afterAll(() => t.close());

  const page = (slug: string, language: string) =>
    graphql<PageBySlugResult>(t.app, PAGE_BY_SLUG_QUERY, { slug, language });

  it.each([
    ['about', 'EN', 'About Attune'],
    ['about', 'DE', 'Über Attune'],
    ['faq', 'ES', 'Preguntas frecuentes'],
    ['terms-and-conditions', 'DE', 'Nutzungsbedingungen'],
    ['terms-and-conditions', 'ES', 'Términos y condiciones'],
  ])('serves %s in %s to anonymous visitors', async (slug, language, title) => {
    const answer = await page(slug, language);
    expect(answer.body.data?.pageBySlug).toMatchObject({
      slug,
      title,
      language: { code: language },
    });
  });

  it('fills in the configured support address and manufacturer', async () => {
    const content = (await page('faq', 'EN')).body.data!.pageBySlug!.content;
    expect(content).toContain('mailto:help@attune.test');
    expect(content).toContain('Hearing Co');
    expect(content).not.toContain('{{');
  });

  it('answers null for an unknown page and refuses an unknown language', async () => {
    expect((await page('nope', 'EN')).body.data?.pageBySlug).toBeNull();
    expect((await page('about', 'FR')).status).toBe(400);
  });

  it('seeds once and keeps edited pages', async () => {
    await t.database.db.execute(
      sql`update pages set title = 'Edited' where slug = 'about' and language = 'en'`,
    );
    await ensureDefaultPages(t.database.db);
    expect((await page('about', 'EN')).body.data?.pageBySlug?.title).toBe('Edited');
    const count = await t.database.db.execute(sql`select count(*)::int as n from pages`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(9);
  });

  it('lists the interface languages', async () => {
    const answer = await graphql<{ languages: unknown[] }>(
      t.app,
      '{ languages { code name slug locale } }',
    );
    expect(answer.body.data?.languages).toEqual([
      { code: 'EN', name: 'English', slug: 'en', locale: 'en_US' },
      { code: 'DE', name: 'Deutsch', slug: 'de', locale: 'de_DE' },
      { code: 'ES', name: 'Español', slug: 'es', locale: 'es_ES' },
    ]);
  });
});
