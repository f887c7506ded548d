import { afterEach, describe, expect, it, vi } from 'vitest';
import enLayout from '../locales/en/layout.json';
import { jsonResponse, useTestConfig } from '../test/config';
import {
  applyLanguage,
  i18n,
  initI18n,
  interfaceLanguages,
  loadNamespaces,
  resetServerTextsForTests,
  startServerTexts,
} from './i18n';

describe('i18n', () => {
  it('bundles the core texts in English and loads another language with the page', async () => {
    await initI18n('en');
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(true);
    await applyLanguage('es');
    expect(i18n.hasResourceBundle('es', 'auth')).toBe(true);
    expect(document.documentElement.lang).toBe('es');
    await applyLanguage('en');
  });

  it("loads an area's texts in the current language and in English, the fallback", async () => {
    await initI18n('en');
    // The test setup loads every area for component tests; start this one without them.
    await applyLanguage('de');
    for (const language of ['en', 'de', 'es']) i18n.removeResourceBundle(language, 'profile');
    await loadNamespaces(['profile']);
    expect(i18n.hasResourceBundle('de', 'profile')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'profile')).toBe(true);
    expect(i18n.hasResourceBundle('es', 'profile')).toBe(false);
    expect(i18n.t('profile:settings.title')).toBe('Profileinstellungen');
    // A later language switch brings the area's texts along.
    await applyLanguage('es');
    expect(i18n.hasResourceBundle('es', 'profile')).toBe(true);
    await applyLanguage('en');
  });
});

describe("staff's texts from the server (GraphQL translations)", () => {
  const served = (texts: Record<string, string>) =>
    vi.fn<typeof fetch>(async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as { query: string; variables: unknown };
      if (body.query.includes('query get_languages'))
        return jsonResponse({ data: { languages: [{ slug: 'de' }, { slug: 'en' }] } });
      return jsonResponse({
        data: {
          translations: Object.entries(texts).map(([key, value]) => ({ key, value })),
        },
      });
    });

  afterEach(async () => {
    resetServerTextsForTests();
    // The bundled texts back, for the files that run after this one.
    i18n.addResourceBundle('en', 'layout', enLayout, true, true);
    for (const language of ['en', 'de', 'es']) i18n.removeResourceBundle(language, 'profile');
    await loadNamespaces(['profile']);
    await applyLanguage('en');
    vi.unstubAllGlobals();
  });

  it('puts them over the bundled texts once they arrive, also in namespaces loaded later', async () => {
    useTestConfig();
    await initI18n('en');
    for (const language of ['en', 'de', 'es']) i18n.removeResourceBundle(language, 'profile');
    const fetchMock = served({
      'layout:footer.contact': 'Write to us',
      'layout:footer.about': enLayout.footer.about,
      'profile:settings.title': 'Your settings',
    });
    vi.stubGlobal('fetch', fetchMock);
    startServerTexts();
    await vi.waitFor(() => expect(i18n.t('layout:footer.contact')).toBe('Write to us'));
    expect(i18n.t('layout:footer.about')).toBe(enLayout.footer.about);
    // The operation names the server and its logs see.
    const queries = fetchMock.mock.calls.map(
      ([, init]) => (JSON.parse(String(init?.body)) as { query: string }).query,
    );
    expect(queries.some((query) => query.includes('query translations('))).toBe(true);
    expect(queries.some((query) => query.includes('query get_languages'))).toBe(true);
    await vi.waitFor(() => expect(interfaceLanguages()).toEqual(['de', 'en']));

    await loadNamespaces(['profile']);
    expect(i18n.t('profile:settings.title')).toBe('Your settings');
  });

  it('keeps the bundled texts when the server cannot answer', async () => {
    useTestConfig();
    await initI18n('en');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('offline');
      }),
    );
    startServerTexts();
    await applyLanguage('de');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(i18n.t('layout:footer.contact')).toBe('Kontakt');
    expect(interfaceLanguages()).toEqual(['en', 'de', 'es']);
  });
});
