import { z } from 'zod';
import type { Language } from './constants';

/**
 * Support (step 9, decision 0047): `GET /api/support/form-ids` lists the forms a request can be
 * sent with; `POST /api/support/contact` sends one — signed in (`/{lang}/support`) or signed out
 * (`/{lang}/contact`). The request is stored for staff, mailed to the support address, and
 * confirmed to the sender, in their language.
 */

/** The forms, in the order they are offered. Ids are part of the API: never rename one. */
export const SUPPORT_FORM_IDS = ['general', 'technical', 'account', 'privacy'] as const;
export type SupportFormId = (typeof SUPPORT_FORM_IDS)[number];

/** Each form's name per language (the server answers the request's language). */
export const SUPPORT_FORM_NAMES: Record<SupportFormId, Record<Language, string>> = {
  general: { en: 'General question', de: 'Allgemeine Frage', es: 'Pregunta general' },
  technical: {
    en: 'Technical problem with the site',
    de: 'Technisches Problem mit der Website',
    es: 'Problema técnico con el sitio',
  },
  account: {
    en: 'My account or sign-in',
    de: 'Mein Konto oder die Anmeldung',
    es: 'Mi cuenta o el inicio de sesión',
  },
  privacy: {
    en: 'Privacy request (my data)',
    de: 'Datenschutz-Anfrage (meine Daten)',
    es: 'Solicitud de privacidad (mis datos)',
  },
};

export const SupportForm = z.object({ id: z.enum(SUPPORT_FORM_IDS), name: z.string() });
export const SupportFormsOutput = z.array(SupportForm);
export type SupportForm = z.infer<typeof SupportForm>;

export const SUPPORT_LIMITS = {
  nameMax: 100,
  messageMin: 10,
  messageMax: 5000,
} as const;

/**
 * A support request. `website` is a field people never see (a honeypot): a request that fills it
 * in is answered as sent and kept nowhere.
 */
export const SupportContactInput = z.object({
  formId: z.enum(SUPPORT_FORM_IDS),
  name: z.string().trim().min(1).max(SUPPORT_LIMITS.nameMax),
  email: z.email().max(254),
  message: z.string().trim().min(SUPPORT_LIMITS.messageMin).max(SUPPORT_LIMITS.messageMax),
  website: z.string().max(200).optional(),
});
export type SupportContactInput = z.input<typeof SupportContactInput>;

export const SupportContactOutput = z.object({ message: z.string(), reference: z.string() });
export type SupportContactOutput = z.infer<typeof SupportContactOutput>;
