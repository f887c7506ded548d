import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nicknameProblem, PROFILE_STATIC_SEGMENTS } from '@attune/contract';

const routes = join(dirname(fileURLToPath(import.meta.url)), '..', 'routes', '$lang');

/** The first segment after /profile/ of every page file, layout groups (`_logged`) left out. */
function segmentsUnderProfile(): string[] {
  const files = readdirSync(routes, { recursive: true }).map(String);
  return files
    .map((file) =>
      file
        .replace(/\.tsx$/, '')
        .split(/[\\/]/)
        .filter((part) => !part.startsWith('_')),
    )
    .filter((parts) => parts[0] === 'profile' && parts.length > 1)
    .map((parts) => parts[1]!);
}

describe('profile addresses', () => {
  it('the profile page takes the nickname as its parameter (spec §3)', () => {
    expect(segmentsUnderProfile()).toContain('$nickname');
  });

  it('no display name can open another page under /profile: every static segment is reserved', () => {
    const fixed = segmentsUnderProfile().filter((segment) => !segment.startsWith('$'));
    expect(fixed.length).toBeGreaterThan(0);
    for (const segment of fixed) {
      expect(PROFILE_STATIC_SEGMENTS).toContain(segment);
      expect(nicknameProblem(segment)).toBe('reserved');
    }
  });
});
