import type { Labels } from '../users/service';

/** Community areas a member belongs to; the default is 'international' (spec §9). */
export const AREAS: Record<string, Labels> = {
  international: ['International', 'International', 'Internacional'],
  dach: [
    'Germany, Austria and Switzerland',
    'Deutschland, Österreich und Schweiz',
    'Alemania, Austria y Suiza',
  ],
  spain: ['Spain', 'Spanien', 'España'],
  'latin-america': ['Latin America', 'Lateinamerika', 'Latinoamérica'],
  'uk-ireland': [
    'United Kingdom and Ireland',
    'Vereinigtes Königreich und Irland',
    'Reino Unido e Irlanda',
  ],
  'north-america': ['North America', 'Nordamerika', 'Norteamérica'],
};
