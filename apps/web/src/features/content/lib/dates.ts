import type { Language } from '@attune/contract';

/** A moment as staff read it in lists: date and time, in the interface language. */
export const formatMoment = (iso: string, language: Language) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
};
