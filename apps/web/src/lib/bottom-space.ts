/**
 * CSS variable on the root element with the room the beta banner takes at the bottom of the
 * window, when it sits there: other bottom popups (the cookie notice, snackbars) stay above it
 * instead of covering its buttons.
 */
export const BETA_BANNER_SPACE_VARIABLE = '--attune-beta-banner-space';
