import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_BY_SLUG_QUERY, PublicConfig, type PageBySlugResult } from '@attune/contract';
import { createTestApp, graphql, type TestApp } from '../../../test/app';

const publicConfig = async (t: TestApp) =>
  PublicConfig.parse((await t.app.inject('/config.json')).json());

const pageText = async (t: TestApp, slug: string, language: string) =>
  (await graphql<PageBySlugResult>(t.app, PAGE_BY_SLUG_QUERY, { slug, language })).body.data!
    .pageBySlug!.content;

describe('the manufacturer name in each language', () => {
  describe('without configuration', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('serves neutral words of each language in /config.json', async () => {
      expect((await publicConfig(t)).manufacturerNames).toEqual({
        en: 'the manufacturer',
        de: 'der Hersteller',
        es: 'el fabricante',
      });
      expect((await publicConfig(t)).manufacturerName).toBe('the manufacturer');
    });

    it('writes German and Spanish pages without the English words, in a form that fits', async () => {
      for (const slug of ['about', 'faq', 'terms-and-conditions']) {
        const german = await pageText(t, slug, 'DE');
        const spanish = await pageText(t, slug, 'ES');
        expect(german).toContain('der Hersteller');
        expect(spanish).toContain('el fabricante');
        for (const text of [german, spanish]) expect(text).not.toContain('the manufacturer');
        // "von der Hersteller" or "de el fabricante" would be wrong German and Spanish.
        expect(german).not.toMatch(/\bvon der Hersteller/);
        expect(spanish).not.toMatch(/\b(de|a) el fabricante/);
      }
    });
  });

  describe('with a brand name and a German one', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ MANUFACTURER_NAME: 'Hearing Co', MANUFACTURER_NAME_DE: 'Hörwerk' });
    });
    afterAll(() => t.close());

    it('uses the language’s own name, else the brand name', async () => {
      expect((await publicConfig(t)).manufacturerNames).toEqual({
        en: 'Hearing Co',
        de: 'Hörwerk',
        es: 'Hearing Co',
      });
      expect(await pageText(t, 'about', 'DE')).toContain('Hörwerk');
      expect(await pageText(t, 'about', 'ES')).toContain('Hearing Co');
    });
  });
});
