/**
 * Columns (of a 12-column grid) each item gets for a given number of items (spec §9): 1 → 12,
 * 2 → 6, 3 → 4, 4 → 3, 5 or more → 2. Zero or fewer items count as one.
 */
export function gridColumns(itemCount: number): number {
  if (itemCount <= 1) return 12;
  if (itemCount >= 5) return 2;
  return 12 / itemCount;
}
