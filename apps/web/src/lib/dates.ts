import { LANGUAGE_LOCALES, type Language } from '@attune/contract';

/** A date as the member's language writes it: 25 November 2026, 25. November 2026, 25 de noviembre de 2026. */
export const formatLongDate = (date: string | Date, language: Language) =>
  new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: 'long' }).format(
    typeof date === 'string' ? new Date(date) : date,
  );

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago something happened, in the member's language, for things that are mostly recent
 * (notifications): "now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago"; from a week
 * back, the long date. A date a little ahead of the device's clock counts as now.
 */
export function formatRecentDate(
  date: string | Date,
  language: Language,
  now: Date = new Date(),
): string {
  const when = typeof date === 'string' ? new Date(date) : date;
  const ago = Math.max(0, now.getTime() - when.getTime());
  if (ago >= 7 * DAY) return formatLongDate(when, language);
  const relative = new Intl.RelativeTimeFormat(LANGUAGE_LOCALES[language], { numeric: 'auto' });
  if (ago < MINUTE) return relative.format(0, 'second');
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  return relative.format(-Math.floor(ago / DAY), 'day');
}
