import { useEffect } from 'react';
import type { Language } from '@attune/contract';
import { loadThirdPartyConsent, type ConsentProvider } from '../lib/third-party-consent';

/**
 * Loads the configured consent provider's script in the current language, and again when the
 * language changes. Without a provider nothing is loaded: ShellExtras shows our own notice.
 */
export function useCookieConsent(language: Language, provider: ConsentProvider | null): void {
  const scriptUrl = provider?.scriptUrl;
  const id = provider?.id;
  const languageAttribute = provider?.languageAttribute;

  useEffect(() => {
    if (!scriptUrl || !id || !languageAttribute) return undefined;
    return loadThirdPartyConsent({ scriptUrl, id, languageAttribute }, language);
  }, [scriptUrl, id, languageAttribute, language]);
}
