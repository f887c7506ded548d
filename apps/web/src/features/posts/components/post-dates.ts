import type { Language } from '@attune/contract';

/** A date as the member's language writes it (25 November 2026, 25. November 2026 …). */
export const formatDate = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
