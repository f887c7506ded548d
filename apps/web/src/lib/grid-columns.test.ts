import { describe, expect, it } from 'vitest';
import { gridColumns } from './grid-columns';

describe('gridColumns', () => {
  it('follows the table of spec §9', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map(gridColumns)).toEqual([12, 6, 4, 3, 2, 2, 2]);
  });

  it('treats an empty list like one item', () => {
    expect(gridColumns(0)).toBe(12);
  });
});
