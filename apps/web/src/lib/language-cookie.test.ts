import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestConfig } from '../test/config';
import {
  clearLanguageCookie,
  cookieDomainFor,
  readLanguageCookie,
  readSavedLanguage,
  syncLanguageCookie,
  takeLanguageCookieOnMount,
  writeLanguageCookie,
} from './language-cookie';

beforeEach(() => {
  useTestConfig();
  clearLanguageCookie();
});

describe('cookieDomainFor', () => {
  it('uses localhost in local mode when the page is on localhost', () => {
    expect(cookieDomainFor({ host: 'localhost', localMode: true, productionHost: 'a.org' })).toBe(
      'localhost',
    );
  });

  it('uses the production host outside local mode, also from a subdomain', () => {
    const input = { localMode: false, productionHost: 'attune.example.com' };
    expect(cookieDomainFor({ ...input, host: 'attune.example.com' })).toBe('attune.example.com');
    expect(cookieDomainFor({ ...input, host: 'www.attune.example.com' })).toBe(
      'attune.example.com',
    );
  });

  it('falls back to a host-only cookie when the page host does not match', () => {
    expect(cookieDomainFor({ host: '127.0.0.1', localMode: true, productionHost: 'a.org' })).toBe(
      undefined,
    );
    expect(
      cookieDomainFor({
        host: 'evilattune.example.com',
        localMode: false,
        productionHost: 'attune.example.com',
      }),
    ).toBe(undefined);
    expect(cookieDomainFor({ host: 'x.org', localMode: false, productionHost: '' })).toBe(
      undefined,
    );
  });
});

describe('language cookies', () => {
  it('clears the language cookie on mount but keeps its value for the redirect', () => {
    Cookies.set('community_i18n', 'es');
    takeLanguageCookieOnMount();
    expect(readLanguageCookie()).toBeUndefined();
    expect(readSavedLanguage()).toBe('es');
    syncLanguageCookie('de');
    expect(readLanguageCookie()).toBe('de');
    expect(readSavedLanguage()).toBe('de');
  });

  it('prefers the explicit choice of the switcher (language-redirect cookie)', () => {
    writeLanguageCookie('es');
    syncLanguageCookie('de');
    expect(Cookies.get('community_i18n_redirect')).toBe('es');
    expect(readSavedLanguage()).toBe('es');
  });

  it('forgets both cookies and the value read at mount on logout', () => {
    Cookies.set('community_i18n', 'de');
    takeLanguageCookieOnMount();
    writeLanguageCookie('es');
    clearLanguageCookie();
    expect(readLanguageCookie()).toBeUndefined();
    expect(Cookies.get('community_i18n_redirect')).toBeUndefined();
    expect(readSavedLanguage()).toBeUndefined();
  });
});
