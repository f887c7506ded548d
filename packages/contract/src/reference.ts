import { z } from 'zod';
import { LANGUAGES } from './constants';

/** `?language=` picks the language of names and labels; without it, Accept-Language decides. */
export const ReferenceQuery = z.object({ language: z.enum(LANGUAGES).optional() });

export const Country = z.object({
  name: z.string(),
  code: z.string().length(2),
  emoji: z.string(),
  flag: z.string(),
  dialCodes: z.array(z.string()).optional(),
  slug: z.string(),
});
export type Country = z.infer<typeof Country>;

export const RegionsQuery = ReferenceQuery.extend({
  country: z.string().regex(/^[A-Za-z]{2}$/, { error: 'Please give a two-letter country code.' }),
});
export const Region = z.object({ name: z.string(), code: z.string() });
export type Region = z.infer<typeof Region>;

export const Option = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof Option>;

export const SpeakingLanguage = z.object({ code: z.string(), name: z.string() });
export type SpeakingLanguage = z.infer<typeof SpeakingLanguage>;

export const VISIBILITIES = ['only_me', 'connections', 'members', 'staff'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const ProfileFieldInfo = z.object({
  databaseId: z.number().int(),
  name: z.string(),
  type: z.string(),
  defaultVisibility: z.enum(VISIBILITIES),
  isHealth: z.boolean(),
  options: z.array(Option),
});
export type ProfileFieldInfo = z.infer<typeof ProfileFieldInfo>;
