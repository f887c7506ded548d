import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_ID_ATTRIBUTES,
  CONSENT_SCRIPT_MARKER,
  loadThirdPartyConsent,
} from './third-party-consent';

const provider = {
  scriptUrl: 'https://consent.example.com/loader.js',
  id: 'abc-123',
  languageAttribute: 'data-language',
};

const ourScripts = () =>
  Array.from(document.head.querySelectorAll<HTMLScriptElement>(`script[${CONSENT_SCRIPT_MARKER}]`));

afterEach(() => {
  ourScripts().forEach((script) => script.remove());
});

describe('loadThirdPartyConsent', () => {
  it('adds the provider script with its id and the language in the configured attribute', () => {
    loadThirdPartyConsent(provider, 'de');
    const [script] = ourScripts();
    expect(script?.src).toBe(provider.scriptUrl);
    expect(script?.async).toBe(true);
    expect(script?.getAttribute('data-language')).toBe('de');
    for (const attribute of CONSENT_ID_ATTRIBUTES) {
      expect(script?.getAttribute(attribute)).toBe('abc-123');
    }
  });

  it('removes its script again, so a language change can load it anew', () => {
    const remove = loadThirdPartyConsent(provider, 'en');
    remove();
    loadThirdPartyConsent(provider, 'es');
    expect(ourScripts().map((script) => script.getAttribute('data-language'))).toEqual(['es']);
  });

  it('only logs a script that fails to load', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    loadThirdPartyConsent(provider, 'en');
    ourScripts()[0]?.dispatchEvent(new Event('error'));
    expect(logged).toHaveBeenCalledWith(
      'The cookie consent script could not be loaded: https://consent.example.com/loader.js',
    );
  });

  it('only logs a configured language attribute that is not a valid name', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const remove = loadThirdPartyConsent({ ...provider, languageAttribute: 'not valid' }, 'en');
    expect(ourScripts()).toEqual([]);
    expect(logged).toHaveBeenCalledOnce();
    expect(remove).not.toThrow();
  });
});
