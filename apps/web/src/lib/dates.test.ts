import { describe, expect, it } from 'vitest';
import { formatLongDate, formatRecentDate } from './dates';

const now = new Date('2026-11-26T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRecentDate', () => {
  it('says how long ago in the member language within a week', () => {
    expect(formatRecentDate(ago(20_000), 'en', now)).toBe('now');
    expect(formatRecentDate(ago(5 * MINUTE), 'en', now)).toBe('5 minutes ago');
    expect(formatRecentDate(ago(3 * HOUR), 'de', now)).toBe('vor 3 Stunden');
    expect(formatRecentDate(ago(DAY + HOUR), 'en', now)).toBe('yesterday');
    expect(formatRecentDate(ago(4 * DAY), 'es', now)).toBe('hace 4 días');
  });

  it('gives the long date from a week back', () => {
    expect(formatRecentDate(ago(8 * DAY), 'en', now)).toBe(formatLongDate(ago(8 * DAY), 'en'));
    expect(formatRecentDate('2024-03-05T09:30:00.000Z', 'de', now)).toBe('5. März 2024');
  });

  it('counts a date a little ahead of the clock as now', () => {
    expect(formatRecentDate(ago(-30_000), 'en', now)).toBe('now');
  });
});
