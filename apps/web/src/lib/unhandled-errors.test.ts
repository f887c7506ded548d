import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearUnhandledError,
  currentUnhandledError,
  installUnhandledErrorCapture,
  isHarmlessError,
  isHarmlessRejection,
  type ErrorSources,
} from './unhandled-errors';

const sources: ErrorSources = {
  origin: 'https://attune.example',
  thirdPartyScripts: [
    '/vendor/accessibility/main.bundle.js',
    'https://attune.example/consent/loader.js?v=2',
  ],
};

/** An unhandled rejection as the browser dispatches it (jsdom has no PromiseRejectionEvent). */
function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason });
}

describe('which unhandled errors reach the error page', () => {
  it('takes a fault of the app: an error in our own script or one without a file', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'map')");
    expect(
      isHarmlessError(
        { message: error.message, filename: 'https://attune.example/assets/index-abc.js', error },
        sources,
      ),
    ).toBe(false);
    expect(
      isHarmlessError({ message: 'Uncaught Error: boom', error: new Error('boom') }, sources),
    ).toBe(false);
    expect(isHarmlessRejection(new Error('The server did not answer'))).toBe(false);
  });

  it('leaves out the browser’s ResizeObserver loop notices', () => {
    for (const message of [
      'ResizeObserver loop completed with undelivered notifications.',
      'ResizeObserver loop limit exceeded',
    ]) {
      expect(isHarmlessError({ message }, sources)).toBe(true);
      expect(isHarmlessRejection(new Error(message))).toBe(true);
    }
  });

  it('leaves out scripts that are not ours: other origins, the widget and the consent script', () => {
    expect(isHarmlessError({ message: 'Script error.' }, sources)).toBe(true);
    expect(
      isHarmlessError(
        { message: 'x is undefined', filename: 'https://consent.example.net/uc.js', error: {} },
        sources,
      ),
    ).toBe(true);
    expect(
      isHarmlessError(
        { message: 'boom', filename: 'chrome-extension://abc/content.js', error: new Error() },
        sources,
      ),
    ).toBe(true);
    expect(
      isHarmlessError(
        {
          message: 'widget failed',
          filename: 'https://attune.example/vendor/accessibility/main.bundle.js',
          error: new Error('widget failed'),
        },
        sources,
      ),
    ).toBe(true);
    expect(
      isHarmlessError(
        { message: 'boom', filename: 'https://attune.example/consent/loader.js', error: null },
        sources,
      ),
    ).toBe(true);
  });

  it('leaves out cancelled calls', () => {
    expect(isHarmlessRejection(new DOMException('The user aborted a request.', 'AbortError'))).toBe(
      true,
    );
  });
});

describe('installUnhandledErrorCapture', () => {
  let stop: () => void;
  beforeEach(() => {
    clearUnhandledError();
    stop = installUnhandledErrorCapture({ ...sources, origin: window.location.origin });
  });
  afterEach(() => {
    stop();
    clearUnhandledError();
  });

  it('keeps the first fault of an error event or an unhandled rejection, until cleared', () => {
    const first = new Error('first');
    window.dispatchEvent(new ErrorEvent('error', { message: first.message, error: first }));
    window.dispatchEvent(rejection(new Error('second')));
    expect(currentUnhandledError()?.error).toBe(first);
    clearUnhandledError();
    const failed = new Error('rejected');
    window.dispatchEvent(rejection(failed));
    expect(currentUnhandledError()?.error).toBe(failed);
  });

  it('ignores harmless noise', () => {
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'ResizeObserver loop completed with undelivered notifications.',
      }),
    );
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    window.dispatchEvent(rejection(new DOMException('aborted', 'AbortError')));
    expect(currentUnhandledError()).toBeNull();
  });
});
