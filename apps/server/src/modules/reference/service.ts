import { LANGUAGES, type Language } from '@attune/contract';
import type { Db } from '../../db/client';
import { listProfileFields } from '../users/service';
import { AREAS } from './areas';

export {
  FLAGS_DIR,
  isCountryCode,
  isSpeakingLanguage,
  listCountries,
  listRegions,
  listSpeakingLanguages,
} from './countries';

const labelIndex = (language: Language) => LANGUAGES.indexOf(language);

export interface Option {
  value: string;
  label: string;
}

export function listAreas(language: Language): Option[] {
  return Object.entries(AREAS).map(([value, labels]) => ({
    value,
    label: labels[labelIndex(language)]!,
  }));
}

export const isArea = (value: string) => Object.hasOwn(AREAS, value);

export interface FieldView {
  databaseId: number;
  name: string;
  type: string;
  defaultVisibility: string;
  isHealth: boolean;
  options: Option[];
}

/** Field group 1 with each choice field's options labelled in the language. */
export async function listFieldsWithOptions(db: Db, language: Language): Promise<FieldView[]> {
  const fields = await listProfileFields(db);
  return fields.map((field) => ({
    databaseId: field.id,
    name: field.name,
    type: field.type,
    defaultVisibility: field.defaultVisibility,
    isHealth: field.isHealth,
    options: field.options.map((option) => ({
      value: option.value,
      label: { en: option.labelEn, de: option.labelDe, es: option.labelEs }[language],
    })),
  }));
}

/** The options of one field, by name (case-insensitive). */
export async function fieldOptions(db: Db, name: string, language: Language): Promise<Option[]> {
  const fields = await listFieldsWithOptions(db, language);
  return fields.find((field) => field.name.toLowerCase() === name.toLowerCase())?.options ?? [];
}
