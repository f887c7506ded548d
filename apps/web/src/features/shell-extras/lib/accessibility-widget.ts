import { LANGUAGE_LOCALES, type Language } from '@attune/contract';
import type enShell from '../../../locales/en/shell.json';
import { VENDOR_PATHS } from '../../../../vite-plugins/vendor-paths';
import { loadScript } from './load-script';

/** The widget's label keys (its `labels` option), translated in `shell:accessibilityWidget.labels`. */
export type AccessibilityLabels = Record<keyof typeof enShell.accessibilityWidget.labels, string>;

/** The part of the `accessibility` 6.x options we set. */
export interface AccessibilityOptions {
  labels: AccessibilityLabels;
  icon: { fontFaceSrc: string[] };
  language: { textToSpeechLang: string; speechToTextLang: string };
  hotkeys: { enabled: boolean };
  session: { persistent: boolean };
  animations: { buttons: boolean };
}

/** The part of the widget instance we use. */
export interface AccessibilityInstance {
  build(): void;
  destroy(): void;
  resetAll(): void;
  /** Opens or closes its menu (toggles the `close` class of `._access-menu`). */
  toggleMenu(): void;
  menuInterface?: unknown;
}

export type AccessibilityConstructor = new (options: AccessibilityOptions) => AccessibilityInstance;

declare global {
  interface Window {
    /** Set by the widget's browser bundle (`/vendor/accessibility/main.bundle.js`). */
    Accessibility?: AccessibilityConstructor;
  }
}

/** Where the widget keeps the visitor's settings between visits (its own key). */
const SESSION_KEY = '_accessState';

/** The settings the widget applies at start when they are set (its `setSessionFromCache`). */
const SESSION_SETTINGS = [
  'textSize',
  'textSpace',
  'lineHeight',
  'invertColors',
  'grayHues',
  'underlineLinks',
  'bigCursor',
  'readingGuide',
] as const;

/**
 * Whether the visitor saved a setting the widget would apply at start (bigger text, underlined
 * links …). Then the widget loads with the page, so the setting applies without a click; otherwise
 * it loads when the member asks for it. Default-only or unreadable storage counts as nothing saved.
 */
export function hasSavedAccessibilitySettings(): boolean {
  let stored: string | null;
  try {
    stored = window.localStorage.getItem(SESSION_KEY);
  } catch {
    return false; // Storage blocked: the widget could not read settings either.
  }
  if (!stored) return false;
  let state: unknown;
  try {
    state = JSON.parse(stored);
  } catch {
    return false;
  }
  if (typeof state !== 'object' || state === null) return false;
  // Truthy, as the widget tests them: 0 and false are its defaults.
  return SESSION_SETTINGS.some((setting) => Boolean((state as Record<string, unknown>)[setting]));
}

/** The widget's options for a language: our labels, our font, no Google Fonts. */
export function accessibilityOptions(
  labels: AccessibilityLabels,
  language: Language,
): AccessibilityOptions {
  const locale = LANGUAGE_LOCALES[language];
  return {
    labels,
    // Its default is fonts.googleapis.com; we serve Material Icons ourselves (privacy, offline).
    icon: { fontFaceSrc: [VENDOR_PATHS.materialIconsCss] },
    language: { textToSpeechLang: locale, speechToTextLang: locale },
    hotkeys: { enabled: false },
    session: { persistent: true },
    // Its menu buttons fade and slide in; not for members who asked their system for less motion.
    animations: { buttons: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches },
  };
}

/**
 * Creates the widget and resolves once it has built its icon and menu. The widget builds only
 * after its icon font's stylesheet has loaded, so the instance is not usable right after `new`;
 * a subclass hooks its `build` to know when it is.
 */
function createWidget(
  Base: AccessibilityConstructor,
  options: AccessibilityOptions,
): Promise<AccessibilityInstance> {
  return new Promise((resolve) => {
    class Widget extends Base {
      override build() {
        try {
          super.build();
        } finally {
          resolve(this);
        }
      }
    }
    new Widget(options);
  });
}

/** The icon is an `<i tabindex=0>`: give it a button's role, name and Space key. */
function completeIcon(label: string): void {
  const icon = document.querySelector<HTMLElement>('._access-icon');
  if (!icon) return;
  icon.setAttribute('role', 'button');
  icon.setAttribute('aria-label', label);
  icon.addEventListener('keydown', (event) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    icon.click();
  });
}

/**
 * The menu's close and reset buttons show an icon-font word ("close", "refresh"), which is also
 * what screen readers read, in English; their translated title becomes their name.
 */
function labelMenuButtons(): void {
  for (const button of document.querySelectorAll<HTMLElement>(
    '._access-menu ._menu-close-btn, ._access-menu ._menu-reset-btn',
  )) {
    if (button.title) button.setAttribute('aria-label', button.title);
  }
}

let menuKeysCompleted = false;

/**
 * Two keys the widget's menu ignores. Escape, which members who use the keyboard expect to close a
 * menu: it closes the open menu and puts the focus back on the icon that opened it. Space on its
 * buttons, which every button answers: the widget acts only on Enter (or a pointer click), so
 * Space is passed on to it as Enter. One listener each on the document, since the widget builds
 * its menu anew with every language.
 */
function completeMenu(): void {
  if (menuKeysCompleted) return;
  menuKeysCompleted = true;
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !current || !(event.target instanceof Element)) return;
    const menu = event.target.closest('._access-menu');
    if (!menu || menu.classList.contains('close')) return;
    event.preventDefault();
    current.toggleMenu();
    document.querySelector<HTMLElement>('._access-icon')?.focus();
  });
  document.addEventListener('keyup', (event) => {
    const button = event.target;
    if (event.key !== ' ' || !(button instanceof HTMLButtonElement)) return;
    if (!button.closest('._access-menu')) return;
    button.dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter', bubbles: true }));
  });
}

/**
 * Removes the widget without losing the visitor's settings: its changes to the page are undone
 * (a new instance applies them again from storage), and the stored settings, which undoing
 * overwrites, are put back.
 */
function removeWidget(instance: AccessibilityInstance): void {
  const saved = window.localStorage.getItem(SESSION_KEY);
  try {
    if (instance.menuInterface) instance.resetAll();
  } finally {
    instance.destroy();
    if (saved === null) window.localStorage.removeItem(SESSION_KEY);
    else window.localStorage.setItem(SESSION_KEY, saved);
  }
}

/**
 * Opens the widget's menu and moves the focus to its title line (the `<p>` the widget itself makes
 * focusable). Not to its first button: the widget presses its buttons on `keyup` of Enter, and the
 * Enter that opened the menu may still be held down.
 */
function openMenu(instance: AccessibilityInstance): void {
  const menu = document.querySelector<HTMLElement>('._access-menu');
  if (!menu) return;
  if (menu.classList.contains('close')) instance.toggleMenu();
  const title = menu.querySelector<HTMLElement>('._text-center');
  if (!title) return;
  title.tabIndex = -1;
  title.focus();
}

let current: AccessibilityInstance | null = null;
// Shows and hides run one after the other: a language change during a slow load must not leave
// two widgets, nor remove one that is still building.
let queue: Promise<unknown> = Promise.resolve();

/** Runs the task after the ones before it; resolves `false` when it failed (and was logged). */
function enqueue(task: () => Promise<void> | void): Promise<boolean> {
  const run = queue.then(task).then(
    () => true,
    (error: unknown) => {
      // Spec §8: a widget that fails to load is logged, never shown to the member.
      console.error('The accessibility widget could not be loaded', error);
      return false;
    },
  );
  queue = run;
  return run;
}

/**
 * Shows the widget with these options, replacing one already shown (language change); with
 * `openMenu` its menu opens and takes the focus. Resolves `true` once it is shown, `false` when it
 * could not be loaded (logged only, spec §8).
 */
export function showAccessibilityWidget(
  options: AccessibilityOptions,
  { openMenu: open = false }: { openMenu?: boolean } = {},
): Promise<boolean> {
  return enqueue(async () => {
    if (current) removeWidget(current);
    current = null;
    await loadScript(VENDOR_PATHS.accessibilityScript);
    if (!window.Accessibility) throw new Error('The widget script did not define Accessibility');
    current = await createWidget(window.Accessibility, options);
    completeIcon(options.labels.menuTitle);
    completeMenu();
    labelMenuButtons();
    if (open) openMenu(current);
  });
}

/** Removes the widget (the shell unmounts). */
export function hideAccessibilityWidget(): Promise<boolean> {
  return enqueue(() => {
    if (current) removeWidget(current);
    current = null;
  });
}
