import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, AppProviders } from './app';
import { LoadingScreen } from './components/ui/loading-screen';
import { StartFailed } from './components/ui/start-failed';
import { startSessionKeepAlive } from './lib/auth-session';
import { loadConfig } from './lib/config';
import { i18n, initI18n } from './lib/i18n';
import { isLanguage, pickRedirectLanguage } from './lib/language';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';

/** The language of the first screen: the URL prefix, else the browser language, else en. */
function startLanguage() {
  const prefix = window.location.pathname.split('/')[1];
  return isLanguage(prefix)
    ? prefix
    : pickRedirectLanguage({ browserLanguages: navigator.languages });
}

async function start() {
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

  startSessionKeepAlive();
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  root.render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

void start();
