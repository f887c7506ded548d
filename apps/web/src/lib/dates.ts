import { LANGUAGE_LOCALES, type Language } from '@attune/contract';

/** A date as the member's language writes it: 25 November 2026, 25. November 2026, 25 de noviembre de 2026. */
export const formatLongDate = (date: string | Date, language: Language) =>
  new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: 'long' }).format(
    typeof date === 'string' ? new Date(date) : date,
  );
