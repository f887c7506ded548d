import { OVERLAY_CONTAINER_NAME } from '../../../components/layout/overlay-slot';

/**
 * Shared by the beta banner and the cookie notice, which float over the page.
 *
 * Where few characters fit on one of their lines they show one line of text instead of two, so
 * that together they leave the page its first field on a phone, and at least half the screen at
 * 200 % text. Each notice is its own query container, and `em` in a container query is the
 * container's font size: the query follows the member's text size, which a media query in pixels
 * would not. `maxEm` is the width (in letters of about half an em) below which one line is shown.
 */
export function narrowQuery(maxEm: number): string {
  return `@container (max-width: ${maxEm}em)`;
}

/**
 * A screen with room for fewer than about 17 lines of text (a laptop at 200 % text, a phone held
 * sideways): there the notices show one line each, so the page keeps its first field in view.
 * The overlay slot is the query container; without it, the query never matches.
 */
export const SHORT_SCREEN_QUERY = `@container ${OVERLAY_CONTAINER_NAME} (max-height: 34em)`;

/** Their buttons stay 44 px high at normal text and grow less with large text. */
export const BUTTON_LINE_HEIGHT = 1.25;

/** Shows the first `lines` lines of a text and an ellipsis (the whole text stays in the document). */
export function clampLines(lines: number) {
  return {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: lines,
    overflow: 'hidden',
  } as const;
}
