import { useParams } from '@tanstack/react-router';
import { DEFAULT_LANGUAGE, type Language } from '@attune/contract';
import { isLanguage } from '../lib/language';

/** The language of the current route (`/$lang/...`), else en. */
export function useLanguage(): Language {
  const lang = useParams({ strict: false, select: (params) => params.lang });
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}
