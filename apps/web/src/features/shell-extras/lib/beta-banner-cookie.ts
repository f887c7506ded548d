import Cookies from 'js-cookie';
import { COOKIE_NAMES, DURATIONS } from '@attune/contract';

/** Whether the visitor closed the beta banner in the last 7 days (cookie `community.alert_sticky`). */
export function isBetaBannerDismissed(): boolean {
  return Cookies.get(COOKIE_NAMES.betaBannerDismissed) !== undefined;
}

/**
 * Remembers for 7 days that the beta banner was closed. Written by hand rather than with js-cookie
 * because the spec gives the lifetime in seconds (`Max-Age=604800`), and js-cookie only writes
 * `Expires`. No Domain: the cookie belongs to the host that showed the banner.
 */
export function dismissBetaBanner({ secure }: { secure: boolean }): void {
  const attributes = [
    `Max-Age=${DURATIONS.betaBannerDismissSeconds}`,
    'Path=/',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  document.cookie = `${COOKIE_NAMES.betaBannerDismissed}=1; ${attributes.join('; ')}`;
}
