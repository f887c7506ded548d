import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { flagEmoji } from './countries';

describe('reference data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('lists about 250 countries with names in the language, codes, emoji, flags, dial codes and slugs', async () => {
    const german = (await get('/api/countries?language=de')).json() as {
      name: string;
      code: string;
      emoji: string;
      flag: string;
      dialCodes?: string[];
      slug: string;
    }[];
    expect(german.length).toBeGreaterThanOrEqual(240);
    const germany = german.find((country) => country.code === 'DE');
    expect(germany).toEqual({
      name: 'Deutschland',
      code: 'DE',
      emoji: '🇩🇪',
      flag: '/media/flags/de.svg',
      dialCodes: ['+49'],
      slug: 'germany',
    });
    const spanish = (await get('/api/countries', { 'accept-language': 'es-ES' })).json() as {
      code: string;
      name: string;
    }[];
    expect(spanish.find((country) => country.code === 'ES')?.name).toBe('España');
    // Sorted by the localized name.
    const names = spanish.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
  });

  it('serves flag images locally with nosniff', async () => {
    const flag = await get('/media/flags/at.svg');
    expect(flag.statusCode).toBe(200);
    expect(flag.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(flag.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/media/flags/nope.svg')).statusCode).toBe(404);
  });

  it('lists the regions of a country and refuses bad codes', async () => {
    const regions = (await get('/api/regions?country=at')).json() as { name: string }[];
    expect(regions.map((region) => region.name)).toContain('Tirol');
    expect((await get('/api/regions?country=XX')).statusCode).toBe(404);
    const bad = await get('/api/regions?country=germany');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please give a two-letter country code.');
  });

  it('lists speaking languages, areas and interests in the language', async () => {
    const languages = (await get('/api/speaking-languages?language=es')).json() as {
      code: string;
      name: string;
    }[];
    expect(languages.find((language) => language.code === 'de')?.name).toBe('Alemán');
    const areas = (await get('/api/areas?language=de')).json();
    expect(areas[0]).toEqual({ value: 'international', label: 'International' });
    const interests = (await get('/api/interests?language=es')).json() as {
      value: string;
      label: string;
    }[];
    expect(interests).toContainEqual({ value: 'music', label: 'Música' });
  });

  it('describes field group 1 with privacy defaults: health fields visible to connections only', async () => {
    const fields = (await get('/api/profile-fields?language=en')).json() as {
      name: string;
      isHealth: boolean;
      defaultVisibility: string;
      options: unknown[];
    }[];
    expect(fields).toHaveLength(19);
    for (const name of [
      'Left ear',
      'Right ear',
      'Device type',
      'Journey',
      'My journey description',
      'Hearing aid type',
    ]) {
      expect(
        fields.find((field) => field.name === name),
        name,
      ).toMatchObject({ isHealth: true, defaultVisibility: 'connections' });
    }
    expect(fields.find((field) => field.name === 'Left ear')?.options).toContainEqual({
      value: 'cochlear-implant',
      label: 'Cochlear implant',
    });
  });

  it('makes flag emoji from the code', () => {
    expect(flagEmoji('es')).toBe('🇪🇸');
  });
});
