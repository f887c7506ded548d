/** The chat page's container (CSS container query), so the layout follows the room it has. */
export const CHAT_CONTAINER = 'chat';

/**
 * Wide enough for the list and the conversation side by side. In `em` of the container, so text
 * at 200 % makes it one pane at a time again instead of squeezing two.
 */
export const WIDE_CHAT = `@container ${CHAT_CONTAINER} (min-width: 44em)`;
