import { afterEach, describe, expect, it, vi } from 'vitest';
import enShell from '../../../locales/en/shell.json';
import { VENDOR_PATHS } from '../../../../vite-plugins/vendor-paths';
import { accessibilityOptions, showAccessibilityWidget } from './accessibility-widget';

const labels = enShell.accessibilityWidget.labels;

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
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
    const shown = showAccessibilityWidget(accessibilityOptions(labels, 'en'));
    // jsdom does not fetch scripts: answer the request with a failure by hand.
    await vi.waitFor(() => {
      expect(
        document.head.querySelector(`script[src="${VENDOR_PATHS.accessibilityScript}"]`),
      ).not.toBeNull();
    });
    document.head
      .querySelector(`script[src="${VENDOR_PATHS.accessibilityScript}"]`)
      ?.dispatchEvent(new Event('error'));
    await shown;
    expect(logged).toHaveBeenCalledWith(
      'The accessibility widget could not be loaded',
      expect.objectContaining({ message: `Could not load ${VENDOR_PATHS.accessibilityScript}` }),
    );
    expect(document.querySelector('._access-icon')).toBeNull();
  });
});
