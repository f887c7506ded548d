import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { loadThirdPartyConsent, type ConsentProvider } from '../lib/third-party-consent';

/**
 * Cookie consent in the current language: the configured provider's script (loaded again when
 * the language changes), or else our own notice, imported only when needed.
 */
export function useCookieConsent(
  language: Language,
  provider: ConsentProvider | null,
  authCookieName: string,
): void {
  const { i18n } = useTranslation('shell');
  const scriptUrl = provider?.scriptUrl;
  const id = provider?.id;
  const languageAttribute = provider?.languageAttribute;

  useEffect(() => {
    if (!scriptUrl || !id || !languageAttribute) return undefined;
    return loadThirdPartyConsent({ scriptUrl, id, languageAttribute }, language);
  }, [scriptUrl, id, languageAttribute, language]);

  useEffect(() => {
    if (scriptUrl) return;
    import('../lib/local-consent')
      .then(({ showLocalConsent, buildLocalConsentTexts }) =>
        showLocalConsent(language, (code) =>
          buildLocalConsentTexts(
            i18n.getFixedT(code, 'shell') as (key: string) => string,
            authCookieName,
          ),
        ),
      )
      .catch((error: unknown) => {
        // Spec §8: a consent banner that fails to load is logged only.
        console.error('The cookie notice could not be loaded', error);
      });
  }, [scriptUrl, language, i18n, authCookieName]);
}
