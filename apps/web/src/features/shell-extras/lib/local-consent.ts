/**
 * The cookie notice we serve ourselves when no consent provider is configured. Loaded as its own
 * chunk (dynamic import) so the login page's initial JavaScript stays small.
 */
import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './local-consent.css';
import { COOKIE_NAMES, LANGUAGES, type Language } from '@attune/contract';

/** The texts of the notice in one language (built from the `shell:cookieNotice` keys). */
export type LocalConsentTexts = CookieConsent.Translation;

/** Where the acknowledgement is kept: local storage, so the notice itself adds no cookie. */
export const LOCAL_CONSENT_STORAGE_KEY = 'attune_cookie_notice';

let started: Promise<void> | null = null;
let tabLeavesNotice = false;

/**
 * The package marks its notice `aria-modal` and keeps Tab inside it, as if the page were blocked.
 * Ours blocks nothing, so screen readers may leave it and Tab moves on to the page. Stopping Tab
 * in the capture phase on the document keeps it from the package's own listener on the notice;
 * the browser still moves the focus. The details dialog stays a real modal with its focus trap.
 */
function keepNoticeNonModal(notice: HTMLElement): void {
  notice.setAttribute('aria-modal', 'false');
  if (tabLeavesNotice) return;
  tabLeavesNotice = true;
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab' || !(event.target instanceof Element)) return;
      if (event.target.closest('#cc-main .cm')) event.stopPropagation();
    },
    true,
  );
}

/**
 * Shows the notice (once per browser, until it is acknowledged) in `language`, or switches an
 * already shown notice to `language`. `textsFor` is asked lazily, when a language is needed.
 */
export function showLocalConsent(
  language: Language,
  textsFor: (language: Language) => LocalConsentTexts,
): Promise<void> {
  if (!started) {
    started = CookieConsent.run({
      // The notice only informs: nothing waits for a choice, and the page stays usable.
      disablePageInteraction: false,
      // Browser tests run as bots; a notice is harmless for real bots too.
      hideFromBots: false,
      autoClearCookies: false,
      manageScriptTags: false,
      cookie: { name: LOCAL_CONSENT_STORAGE_KEY, useLocalStorage: true },
      guiOptions: {
        consentModal: { layout: 'box', position: 'bottom left', equalWeightButtons: true },
        preferencesModal: { layout: 'box' },
      },
      categories: { necessary: { enabled: true, readOnly: true } },
      onModalReady: ({ modalName, modal }) => {
        if (modalName === 'consentModal') keepNoticeNonModal(modal);
      },
      language: {
        default: language,
        translations: Object.fromEntries(
          LANGUAGES.map((code) => [code, () => textsFor(code)] as const),
        ),
      },
    });
    return started;
  }
  return started.then(async () => {
    await CookieConsent.setLanguage(language, true);
  });
}

/** The cookie notice's texts, with the real cookie names in the table. */
export function buildLocalConsentTexts(
  t: (key: string) => string,
  authCookieName: string,
): LocalConsentTexts {
  const row = (name: string, purpose: string, duration: string) => ({
    name,
    purpose: t(`cookieNotice.cookies.${purpose}`),
    duration: t(`cookieNotice.cookies.${duration}`),
  });
  return {
    consentModal: {
      title: t('cookieNotice.title'),
      description: t('cookieNotice.description'),
      acceptNecessaryBtn: t('cookieNotice.understood'),
      showPreferencesBtn: t('cookieNotice.showDetails'),
      closeIconLabel: t('cookieNotice.close'),
    },
    preferencesModal: {
      title: t('cookieNotice.detailsTitle'),
      acceptNecessaryBtn: t('cookieNotice.understood'),
      closeIconLabel: t('cookieNotice.close'),
      sections: [
        {
          title: t('cookieNotice.necessaryTitle'),
          description: t('cookieNotice.necessaryDescription'),
          // Shown as always on; the package renders a cookie table only for a linked category.
          linkedCategory: 'necessary',
          cookieTable: {
            caption: t('cookieNotice.necessaryTitle'),
            headers: {
              name: t('cookieNotice.table.name'),
              purpose: t('cookieNotice.table.purpose'),
              duration: t('cookieNotice.table.duration'),
            },
            body: [
              row(
                [authCookieName, COOKIE_NAMES.session, COOKIE_NAMES.refresh].join(', '),
                'signIn',
                'signInDuration',
              ),
              row(
                [COOKIE_NAMES.language, COOKIE_NAMES.languageRedirect].join(', '),
                'language',
                'languageDuration',
              ),
              row(COOKIE_NAMES.betaBannerDismissed, 'betaBanner', 'betaBannerDuration'),
            ],
          },
        },
        {
          title: t('cookieNotice.storageTitle'),
          description: t('cookieNotice.storageDescription'),
        },
      ],
    },
  };
}
