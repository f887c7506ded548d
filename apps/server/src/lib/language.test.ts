import { describe, expect, it } from 'vitest';
import { languageFromHeader } from './language';

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR,fr;q=0.9,es;q=0.8', 'es'],
    ['en;q=0.2, es-ES;q=0.9', 'es'],
    ['fr, it', 'en'],
    ['DE', 'de'],
    ['es;q=0, de;q=0.1', 'de'],
  ])('%s → %s', (header, expected) => {
    expect(languageFromHeader(header)).toBe(expected);
  });
});
