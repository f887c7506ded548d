/**
 * Parts of the app shell that live beside every page: beta banner, accessibility widget, cookie
 * consent and the new-build check. Mounted once in the root layout.
 */
export function ShellExtras() {
  return null;
}
