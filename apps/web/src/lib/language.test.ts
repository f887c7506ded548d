import { describe, expect, it } from 'vitest';
import {
  languageFromTag,
  looksLikeLanguageCode,
  pickRedirectLanguage,
  swapLanguagePrefix,
} from './language';

describe('pickRedirectLanguage', () => {
  it('uses the saved language cookie first', () => {
    expect(pickRedirectLanguage({ cookie: 'es', browserLanguages: ['de-DE', 'en'] })).toBe('es');
  });

  it('ignores a cookie that is not one of our languages and falls back to the browser', () => {
    expect(pickRedirectLanguage({ cookie: 'fr', browserLanguages: ['fr-FR', 'de-AT', 'en'] })).toBe(
      'de',
    );
  });

  it('uses the first supported browser language in order of preference', () => {
    expect(
      pickRedirectLanguage({ cookie: undefined, browserLanguages: ['it', 'es-MX', 'de'] }),
    ).toBe('es');
  });

  it('falls back to en without cookie or supported browser language', () => {
    expect(pickRedirectLanguage({ cookie: undefined, browserLanguages: ['fr', 'it'] })).toBe('en');
    expect(pickRedirectLanguage({})).toBe('en');
  });
});

describe('language helpers', () => {
  it('reads the base language of a tag', () => {
    expect(languageFromTag('DE-ch')).toBe('de');
    expect(languageFromTag('es_ES')).toBe('es');
    expect(languageFromTag('pt-BR')).toBeNull();
    expect(languageFromTag('')).toBeNull();
  });

  it('tells a foreign language prefix from a path without prefix', () => {
    expect(looksLikeLanguageCode('fr')).toBe(true);
    expect(looksLikeLanguageCode('pt-BR')).toBe(true);
    expect(looksLikeLanguageCode('login')).toBe(false);
    expect(looksLikeLanguageCode('faq')).toBe(false);
    expect(looksLikeLanguageCode('404')).toBe(false);
  });

  it('swaps or adds the language prefix and keeps the rest of the path and query', () => {
    expect(swapLanguagePrefix('/en/login/recover?x=1', 'de')).toBe('/de/login/recover?x=1');
    expect(swapLanguagePrefix('/es', 'en')).toBe('/en');
    expect(swapLanguagePrefix('/login?redirect=%2Fen', 'es')).toBe('/es/login?redirect=%2Fen');
  });
});
