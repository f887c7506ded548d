import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n, initI18n, loadNamespaces } from './i18n';

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
