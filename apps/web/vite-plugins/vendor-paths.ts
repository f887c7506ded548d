/**
 * Public paths of the third-party browser files we serve ourselves (no CDN: offline and privacy,
 * docs/ARCHITECTURE.md §6). Shared by the Vite plugin that copies them and by the app that loads them.
 */
export const VENDOR_PATHS = {
  accessibilityScript: '/vendor/accessibility/main.bundle.js',
  materialIconsCss: '/vendor/material-icons/material-icons.css',
} as const;
