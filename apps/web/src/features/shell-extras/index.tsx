import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@attune/contract';
import { useOverlaySlot } from '../../components/layout/overlay-slot';
import { getConfig } from '../../lib/config';
import { isLanguage } from '../../lib/language';
import { AccessibilityLauncher } from './components/accessibility-launcher';
import {
  BetaBanner,
  type BetaBannerMessageKey,
  type BetaBannerPosition,
} from './components/beta-banner';
import { CookieNotice } from './components/cookie-notice';
import { useAccessibilityWidget } from './hooks/use-accessibility-widget';
import { accessibilityMenuStyles } from './lib/accessibility-widget-styles';
import { useBuildCheck } from './hooks/use-build-check';
import { useCookieConsent } from './hooks/use-cookie-consent';

export type { BetaBannerMessageKey, BetaBannerPosition } from './components/beta-banner';
export { BUILD_CHECK_INTERVAL_MS, BUILD_CHECK_OVERRIDE_KEY } from './lib/build-check';

export interface ShellExtrasProps {
  /** Where the beta banner sits (spec §3 beta banner input); bottom by default. */
  betaBannerPosition?: BetaBannerPosition;
  /** Which beta banner message to show (a key under `shell:betaBanner.messages`). */
  betaBannerMessageKey?: BetaBannerMessageKey;
}

/**
 * Spec §9: the widget's icon is circular, 20 px from the top and right. The widget reads its
 * position, size and colours from these CSS variables. At 40 px (its default is 50 px) it stays
 * within the 60 px high header instead of hanging over the page. Its closed menu is only moved
 * off-screen and faded out, so `visibility: hidden` keeps its buttons out of the tab order and
 * away from screen readers.
 */
const accessibilityWidgetStyles = {
  body: {
    '--_access-icon-top': '20px',
    '--_access-icon-right': '20px',
    '--_access-icon-bottom': 'unset',
    '--_access-icon-left': 'unset',
    '--_access-icon-width': '40px',
    '--_access-icon-height': '40px',
    '--_access-icon-font': '32px / 40px "Material Icons"',
    '--_access-icon-border-radius': '50%',
  },
  // No fade-in: a half-transparent icon fails contrast checks, and it should simply be there.
  'body ._access-icon': { transitionDuration: '0s' },
  'body ._access-menu.close': { visibility: 'hidden' },
  'body ._access-icon:focus-visible': {
    outline: '3px solid #000',
    outlineOffset: '2px',
    boxShadow: '0 0 0 2px #fff',
  },
} as const;

/**
 * The widget's icon scrolls with the page, like our launcher: fixed, it floated over the text of
 * every page scrolled under it; at the top it stays in the corner every header keeps free
 * (decision 0019).
 */
const accessibilityIconPlacement = { 'body ._access-icon': { position: 'absolute' } } as const;

/**
 * Parts of the app shell that live beside every page: beta banner, accessibility widget, cookie
 * consent and the new-build check. Mounted once in the root layout.
 */
export function ShellExtras({ betaBannerPosition, betaBannerMessageKey }: ShellExtrasProps = {}) {
  const { i18n } = useTranslation('shell');
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const config = getConfig();

  const accessibilityWidget = useAccessibilityWidget(language);
  useCookieConsent(language, config.consent);
  useBuildCheck();
  // Marks the page once the shell's extras are on it, with what they decided (a notice shown or
  // not): the browser tests wait for this before saying a notice is absent.
  useEffect(() => {
    document.documentElement.dataset.shellExtras = 'ready';
    return () => {
      delete document.documentElement.dataset.shellExtras;
    };
  }, []);

  // The notices go right after the skip link (`OverlaySlot`): early in the reading and tab
  // order, although they float at the bottom. Cookie notice first: stacked, it is above the banner.
  const slot = useOverlaySlot();
  const notices = (
    <>
      {/* Without a consent provider, our own notice (docs/decisions/0014). */}
      {!config.consent?.scriptUrl && <CookieNotice authCookieName={config.authCookieName} />}
      <BetaBanner
        position={betaBannerPosition}
        messageKey={betaBannerMessageKey}
        email={config.supportEmail}
        secure={!config.localMode}
      />
    </>
  );

  return (
    <>
      <GlobalStyles styles={accessibilityWidgetStyles} />
      <GlobalStyles styles={accessibilityIconPlacement} />
      {/* Its menu in the theme's colours, light or dark, with labels of 18 px. */}
      <GlobalStyles styles={accessibilityMenuStyles} />
      {accessibilityWidget.state !== 'widget' && (
        <AccessibilityLauncher
          busy={accessibilityWidget.state === 'loading'}
          onOpen={accessibilityWidget.open}
        />
      )}
      {slot ? createPortal(notices, slot) : notices}
    </>
  );
}
