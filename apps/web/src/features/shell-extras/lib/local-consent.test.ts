import { describe, expect, it } from 'vitest';
import enShell from '../../../locales/en/shell.json';
import { buildLocalConsentTexts } from './local-consent';

/** A `t` over the English shell texts. */
function t(key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], enShell);
  if (typeof value !== 'string') throw new Error(`No text for ${key}`);
  return value;
}

describe('buildLocalConsentTexts', () => {
  const texts = buildLocalConsentTexts(t, 'attune_auth');

  it('says honestly that only strictly necessary cookies are used', () => {
    expect(texts.consentModal.description).toMatch(/only use cookies that are strictly necessary/);
    expect(texts.consentModal.description).toMatch(/no cookies for statistics or advertising/);
    expect(texts.consentModal.acceptNecessaryBtn).toBe('Understood');
    expect(texts.consentModal.acceptAllBtn).toBeUndefined();
  });

  it('lists every cookie we set by its real name', () => {
    const names = texts.preferencesModal.sections[0]?.cookieTable?.body.map((row) => row.name);
    expect(names).toEqual([
      'attune_auth, attune_session, attune_refresh',
      'community_i18n, community_i18n_redirect',
      'community.alert_sticky',
    ]);
  });
});
