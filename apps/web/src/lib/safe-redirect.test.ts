import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

const origin = 'https://attune.example.com';

describe('safeRedirectPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeRedirectPath('/de/profile/start?tab=1#top', origin)).toBe(
      '/de/profile/start?tab=1#top',
    );
  });

  it('refuses other sites and tricks', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'de/login',
      '',
      42,
      undefined,
    ]) {
      expect(safeRedirectPath(target, origin)).toBeNull();
    }
  });
});
