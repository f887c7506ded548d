import { describe, expect, it } from 'vitest';
import { groupDescription } from './group-description';

describe('groupDescription', () => {
  it("gives the reader's language, else the first language that has a description", () => {
    const group = {
      description: 'Für alle im ersten Jahr.',
      descriptions: { de: 'Für alle im ersten Jahr.', es: 'Para todos en su primer año.' },
    };
    expect(groupDescription(group, 'es')).toEqual({
      text: 'Para todos en su primer año.',
      lang: 'es',
    });
    expect(groupDescription(group, 'en')).toEqual({ text: 'Für alle im ersten Jahr.', lang: 'de' });
    expect(groupDescription({ description: ' ', descriptions: { en: '' } }, 'en')).toBeNull();
  });
});
