import { slugify } from '@attune/contract';

/**
 * A slug for `title` by the spec's rule (§5), at most `maxLength` characters, unique with a number
 * after it (`-2`, `-3` …) among the slugs `taken(base)` answers (the base and its numbered
 * variants); an empty one (a title of signs only) is `fallback`. Posts and groups both use it.
 */
export async function freeSlug(
  title: string,
  options: { maxLength: number; fallback: string; taken: (base: string) => Promise<string[]> },
): Promise<string> {
  const base = slugify(title).slice(0, options.maxLength).replace(/-+$/, '') || options.fallback;
  const taken = new Set(await options.taken(base));
  if (!taken.has(base)) return base;
  for (let number = 2; ; number += 1)
    if (!taken.has(`${base}-${number}`)) return `${base}-${number}`;
}
