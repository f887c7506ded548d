import { createFileRoute, redirect } from '@tanstack/react-router';
import { readSavedLanguage } from '../lib/language-cookie';
import { pickRedirectLanguage } from '../lib/language';

/** `/` goes to the saved language, else the browser language, else en (spec §2). */
export const Route = createFileRoute('/')({
  beforeLoad: ({ location }) => {
    const lang = pickRedirectLanguage({
      cookie: readSavedLanguage(),
      browserLanguages: navigator.languages,
    });
    throw redirect({
      href: `/${lang}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`,
      replace: true,
    });
  },
});
