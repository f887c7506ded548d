import { describe, expect, it } from 'vitest';
import { getEnvironment } from './environment';

describe('getEnvironment', () => {
  it("always returns 'prod'", () => {
    expect(getEnvironment()).toBe('prod');
  });
});
