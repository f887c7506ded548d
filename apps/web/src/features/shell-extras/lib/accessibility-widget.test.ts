import { afterEach, describe, expect, it, vi } from 'vitest';
import enShell from '../../../locales/en/shell.json';
import { VENDOR_PATHS } from '../../../../vite-plugins/vendor-paths';
import {
  accessibilityOptions,
  hasSavedAccessibilitySettings,
  hideAccessibilityWidget,
  showAccessibilityWidget,
  type AccessibilityOptions,
} from './accessibility-widget';

const labels = enShell.accessibilityWidget.labels;

afterEach(async () => {
  await hideAccessibilityWidget();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  window.localStorage.clear();
  delete window.Accessibility;
});

/** What the widget stores after a reset: every setting at its default. */
const DEFAULT_STATE = {
  textSize: 0,
  textSpace: 0,
  lineHeight: 0,
  invertColors: false,
  grayHues: false,
  underlineLinks: false,
  bigCursor: false,
  readingGuide: false,
};

describe('hasSavedAccessibilitySettings (load the widget at start or on demand)', () => {
  it('is false for a first visit: nothing stored', () => {
    expect(hasSavedAccessibilitySettings()).toBe(false);
  });

  it('is false when only defaults are stored (settings chosen and reset)', () => {
    window.localStorage.setItem('_accessState', JSON.stringify(DEFAULT_STATE));
    expect(hasSavedAccessibilitySettings()).toBe(false);
  });

  it.each([
    ['larger text', { textSize: 1 }],
    ['smaller text', { textSize: -2 }],
    ['line height', { lineHeight: 1 }],
    ['text spacing', { textSpace: -1 }],
    ['underlined links', { underlineLinks: true }],
    ['inverted colours', { invertColors: true }],
    ['big cursor', { bigCursor: true }],
  ])('is true when %s is saved', (_name, setting) => {
    window.localStorage.setItem('_accessState', JSON.stringify({ ...DEFAULT_STATE, ...setting }));
    expect(hasSavedAccessibilitySettings()).toBe(true);
  });

  it.each([['{not json'], ['null'], ['42'], ['"textSize"'], ['[1]']])(
    'is false when the stored value %s is not a settings object',
    (stored) => {
      window.localStorage.setItem('_accessState', stored);
      expect(hasSavedAccessibilitySettings()).toBe(false);
    },
  );

  it('is false when storage cannot be read (blocked by the browser)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(hasSavedAccessibilitySettings()).toBe(false);
  });
});

describe('accessibilityOptions', () => {
  it('uses our labels and language, and our own icon font instead of Google Fonts', () => {
    const options = accessibilityOptions(labels, 'de');
    expect(options.labels).toBe(labels);
    expect(options.icon.fontFaceSrc).toEqual(['/vendor/material-icons/material-icons.css']);
    expect(options.language).toEqual({ textToSpeechLang: 'de-DE', speechToTextLang: 'de-DE' });
    expect(JSON.stringify(options)).not.toMatch(/googleapis|https?:/);
  });
});

describe('showAccessibilityWidget', () => {
  it('loads the widget from our vendor path and only logs a failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const shown = showAccessibilityWidget(accessibilityOptions(labels, 'en'), { openMenu: true });
    // jsdom does not fetch scripts: answer the request with a failure by hand.
    await vi.waitFor(() => {
      expect(
        document.head.querySelector(`script[src="${VENDOR_PATHS.accessibilityScript}"]`),
      ).not.toBeNull();
    });
    document.head
      .querySelector(`script[src="${VENDOR_PATHS.accessibilityScript}"]`)
      ?.dispatchEvent(new Event('error'));
    expect(await shown).toBe(false);
    expect(logged).toHaveBeenCalledWith(
      'The accessibility widget could not be loaded',
      expect.objectContaining({ message: `Could not load ${VENDOR_PATHS.accessibilityScript}` }),
    );
    expect(document.querySelector('._access-icon')).toBeNull();
  });
});

/** A stand-in for the widget's bundle: builds an icon and a closed menu like `accessibility` 6.x. */
class FakeWidget {
  static built = 0;
  constructor(readonly options: AccessibilityOptions) {
    // The real widget builds once its icon font's stylesheet has loaded.
    queueMicrotask(() => this.build());
  }
  build() {
    FakeWidget.built += 1;
    const icon = document.createElement('i');
    icon.className = '_access-icon _access';
    icon.tabIndex = 0;
    const menu = document.createElement('div');
    menu.className = '_access-menu close _access';
    menu.innerHTML = `<p class="_text-center"><button>close</button>${this.options.labels.menuTitle}</p>
      <ul><li><button data-access-action="increaseText">${this.options.labels.increaseText}</button></li></ul>`;
    document.body.append(icon, menu);
  }
  toggleMenu() {
    document.querySelector('._access-menu')?.classList.toggle('close');
  }
  resetAll() {}
  destroy() {
    document.querySelectorAll('._access').forEach((element) => element.remove());
  }
}

describe('showAccessibilityWidget with the script loaded', () => {
  it('builds the widget, opens its menu and moves the focus into it', async () => {
    FakeWidget.built = 0;
    const shown = showAccessibilityWidget(accessibilityOptions(labels, 'en'), { openMenu: true });
    await vi.waitFor(() => {
      expect(
        document.head.querySelector(`script[src="${VENDOR_PATHS.accessibilityScript}"]`),
      ).not.toBeNull();
    });
    window.Accessibility = FakeWidget;
    document.head
      .querySelector(`script[src="${VENDOR_PATHS.accessibilityScript}"]`)
      ?.dispatchEvent(new Event('load'));

    expect(await shown).toBe(true);
    expect(FakeWidget.built).toBe(1);
    const icon = document.querySelector('._access-icon')!;
    expect(icon.getAttribute('role')).toBe('button');
    expect(icon.getAttribute('aria-label')).toBe('Accessibility options');
    const menu = document.querySelector('._access-menu')!;
    expect(menu.classList.contains('close')).toBe(false);
    // The title line, not a button: the Enter that opened the menu must not press one on keyup.
    expect(document.activeElement).toBe(menu.querySelector('._text-center'));
  });

  it('builds it closed, and again in place of the old one on a language change', async () => {
    window.Accessibility = FakeWidget;
    expect(await showAccessibilityWidget(accessibilityOptions(labels, 'en'))).toBe(true);
    expect(document.querySelector('._access-menu')?.classList.contains('close')).toBe(true);

    const german = { ...labels, menuTitle: 'Optionen zur Barrierefreiheit' };
    expect(await showAccessibilityWidget(accessibilityOptions(german, 'de'))).toBe(true);
    expect(document.querySelectorAll('._access-icon')).toHaveLength(1);
    expect(document.querySelector('._access-icon')?.getAttribute('aria-label')).toBe(
      'Optionen zur Barrierefreiheit',
    );
  });
});
