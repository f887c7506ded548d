import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, AppProviders } from './app';
import { LoadingScreen } from './components/ui/loading-screen';
import { StartFailed } from './components/ui/start-failed';
import { startSessionKeepAlive } from './lib/auth-session';
import { getConfig, loadConfig } from './lib/config';
import { i18n, initI18n, startServerTexts } from './lib/i18n';
import { readSavedLanguage, takeLanguageCookieOnMount } from './lib/language-cookie';
import { isLanguage, pickRedirectLanguage } from './lib/language';
import { installChunkReloadGuard } from './lib/reload-guard';
import { markLoadingScreenShown } from './lib/startup';
import { installUnhandledErrorCapture } from './lib/unhandled-errors';
import { createAppRouter } from './router';
import { VENDOR_PATHS } from '../vite-plugins/vendor-paths';

/** The language of the first screen: the URL prefix, else the saved one, else the browser's, else en. */
function startLanguage() {
  const prefix = window.location.pathname.split('/')[1];
  return isLanguage(prefix)
    ? prefix
    : pickRedirectLanguage({ cookie: readSavedLanguage(), browserLanguages: navigator.languages });
}

/**
 * When the loading screen first showed: index.html paints it before any script arrives, so that is
 * the first contentful paint (or now, when the browser has not reported one yet).
 */
function loadingScreenPaintedAt(): number {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return paint ? paint.startTime : performance.now();
}

async function start() {
  markLoadingScreenShown(loadingScreenPaintedAt());
  installChunkReloadGuard();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing in index.html');
  const root = createRoot(container);

  const configPromise = loadConfig();
  await initI18n(startLanguage());
  root.render(
    <AppProviders>
      <LoadingScreen label={i18n.t('app.loading')} />
    </AppProviders>,
  );

  try {
    await configPromise;
  } catch (error) {
    console.error('Could not load /config.json', error);
    root.render(
      <AppProviders>
        <StartFailed />
      </AppProviders>,
    );
    return;
  }

  // Staff's texts and the server's languages, over the bundled ones once they arrive (never waited for).
  startServerTexts();
  // Spec §3: the language cookie is cleared on app mount (its value is kept for the redirect).
  takeLanguageCookieOnMount();
  // From here on, a fault of the app shows the error page (spec §2); third-party noise does not.
  const consentScript = getConfig().consent?.scriptUrl;
  installUnhandledErrorCapture({
    origin: window.location.origin,
    thirdPartyScripts: [
      VENDOR_PATHS.accessibilityScript,
      ...(consentScript ? [consentScript] : []),
    ],
  });
  startSessionKeepAlive();
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void start();
