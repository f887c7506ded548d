/**
 * The browser tab's title: the page's own title (set by the page heading), with "(3) " in front
 * while notifications or chat messages are unread, so a member who keeps the page open in a tab sees that
 * something new has come without any sound.
 */
let pageTitle: string | null = null;
let unread = 0;

function apply(): void {
  pageTitle ??= document.title;
  document.title = unread > 0 ? `(${unread}) ${pageTitle}` : pageTitle;
}

/** Sets the page's own title; the unread count stays in front of it. */
export function setPageTitle(title: string): void {
  pageTitle = title;
  apply();
}

/** Sets the unread count shown in front of the title; 0 takes it away. */
export function setTitleCount(count: number): void {
  if (count === unread) return;
  unread = Math.max(0, count);
  apply();
}
