import type { Language, PublicConfig } from '@attune/contract';

export type ConsentProvider = NonNullable<PublicConfig['consent']>;

/**
 * Data attributes that carry the provider's id. The public configuration names the language
 * attribute but not the id attribute, so the id goes under the names of the two common providers'
 * loaders (Usercentrics `data-settings-id`, Cookiebot `data-cbid`); see docs/decisions/0010.
 */
export const CONSENT_ID_ATTRIBUTES = ['data-settings-id', 'data-cbid'] as const;

/** Marks the script we added, so a language change can replace exactly that one. */
export const CONSENT_SCRIPT_MARKER = 'data-attune-consent';

/**
 * Loads the configured consent provider's script in `language` and returns a function that
 * removes it again (used when the language changes: the provider reads the language attribute
 * when its script runs). A script that fails to load is only logged (spec §8).
 */
export function loadThirdPartyConsent(provider: ConsentProvider, language: Language): () => void {
  const script = document.createElement('script');
  try {
    script.src = provider.scriptUrl;
    script.async = true;
    script.setAttribute(CONSENT_SCRIPT_MARKER, '');
    for (const attribute of CONSENT_ID_ATTRIBUTES) script.setAttribute(attribute, provider.id);
    script.setAttribute(provider.languageAttribute, language);
  } catch (error) {
    // An invalid attribute name in the configuration: log it, never break the page.
    console.error('The cookie consent script could not be configured', error);
    return () => undefined;
  }
  script.addEventListener('error', () => {
    console.error(`The cookie consent script could not be loaded: ${provider.scriptUrl}`);
  });
  document.head.appendChild(script);
  return () => script.remove();
}
