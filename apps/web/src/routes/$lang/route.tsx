import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { DefaultLayout } from '../../components/layout/default-layout';
import { GuestLayout } from '../../components/layout/guest-layout';
import { NotFoundContent, RouteErrorContent } from '../../components/ui/route-error';
import { ThrowUnhandledError } from '../../components/ui/unhandled-error';
import { applyLanguage } from '../../lib/i18n';
import { readSavedLanguage, syncLanguageCookie } from '../../lib/language-cookie';
import { isLanguage, looksLikeLanguageCode, pickRedirectLanguage } from '../../lib/language';

/**
 * Every page lives under /en, /de or /es. A foreign language prefix (`/fr/...`) is not found; a
 * path without prefix (`/login`) redirects to the saved language, else the browser's, else en.
 */
export const Route = createFileRoute('/$lang')({
  beforeLoad: async ({ params, location }) => {
    if (!isLanguage(params.lang)) {
      const lang = pickRedirectLanguage({
        cookie: readSavedLanguage(),
        browserLanguages: navigator.languages,
      });
      if (looksLikeLanguageCode(params.lang)) {
        await applyLanguage(lang);
        throw notFound();
      }
      const hash = location.hash ? `#${location.hash}` : '';
      throw redirect({
        href: `/${lang}${location.pathname}${location.searchStr}${hash}`,
        replace: true,
      });
    }
    await applyLanguage(params.lang);
    syncLanguageCookie(params.lang);
    return { language: params.lang as Language };
  },
  component: LanguageRoot,
  notFoundComponent: LanguageNotFound,
  errorComponent: LanguageError,
});

/** Every page, and in its place the error page when an unhandled error happened (spec §2). */
function LanguageRoot() {
  return (
    <>
      <ThrowUnhandledError />
      <Outlet />
    </>
  );
}

/** The language to show a 404 or error in: the route's, else the one applied for the visitor. */
function useShownLanguage(): Language {
  const { lang } = Route.useParams();
  const { i18n } = useTranslation();
  if (isLanguage(lang)) return lang;
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

function LanguageNotFound() {
  const language = useShownLanguage();
  return (
    <GuestLayout language={language}>
      <NotFoundContent language={language} />
    </GuestLayout>
  );
}

function LanguageError({ error }: { error: unknown }) {
  const language = useShownLanguage();
  return (
    <DefaultLayout language={language}>
      <RouteErrorContent error={error} language={language} />
    </DefaultLayout>
  );
}
