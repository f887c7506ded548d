import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router';
import type { Language } from '@attune/contract';
import { NotFoundContent } from '../../components/ui/not-found-page';
import { PageShell } from '../../components/ui/page-shell';
import { applyLanguage } from '../../lib/i18n';
import { readLanguageCookie } from '../../lib/language-cookie';
import { isLanguage, looksLikeLanguageCode, pickRedirectLanguage } from '../../lib/language';

export const Route = createFileRoute('/$lang')({
  beforeLoad: async ({ params, location }) => {
    if (!isLanguage(params.lang)) {
      // `/fr/...`: a language we do not have. `/login`: a path without prefix → add one.
      if (looksLikeLanguageCode(params.lang)) throw notFound();
      const lang = pickRedirectLanguage({
        cookie: readLanguageCookie(),
        browserLanguages: navigator.languages,
      });
      const hash = location.hash ? `#${location.hash}` : '';
      throw redirect({
        href: `/${lang}${location.pathname}${location.searchStr}${hash}`,
        replace: true,
      });
    }
    await applyLanguage(params.lang);
    return { language: params.lang as Language };
  },
  component: LanguageLayout,
  notFoundComponent: LanguageNotFound,
});

function LanguageLayout() {
  const { language } = Route.useRouteContext();
  return (
    <PageShell language={language}>
      <Outlet />
    </PageShell>
  );
}

function LanguageNotFound() {
  const { lang } = Route.useParams();
  const language = isLanguage(lang) ? lang : undefined;
  return language ? <NotFoundContent language={language} /> : <NotFoundContent />;
}
