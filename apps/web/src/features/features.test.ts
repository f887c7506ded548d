import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const features = dirname(fileURLToPath(import.meta.url));
/** Folders that hold widgets and hooks, where a copy in a second feature means a shared one is due. */
const WIDGET_FOLDERS = ['components', 'hooks'];

function widgetFiles(feature: string): string[] {
  return WIDGET_FOLDERS.flatMap((folder) => {
    try {
      return readdirSync(join(features, feature, folder), { recursive: true })
        .map(String)
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => `${folder}/${file}`);
    } catch {
      return [];
    }
  });
}

describe('features', () => {
  it('hold no widget or hook of the same name twice: one shared copy lives in src/components or src/hooks', () => {
    const seen = new Map<string, string[]>();
    for (const entry of readdirSync(features, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      for (const file of widgetFiles(entry.name)) {
        const name = file.split('/').pop()!;
        seen.set(name, [...(seen.get(name) ?? []), `${entry.name}/${file}`]);
      }
    }
    const copies = [...seen.values()].filter((places) => places.length > 1);
    expect(copies).toEqual([]);
  });
});
