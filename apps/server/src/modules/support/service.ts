import {
  SUPPORT_FORM_IDS,
  SUPPORT_FORM_NAMES,
  type Language,
  type SupportContactInput,
  type SupportContactOutput,
  type SupportForm,
  type SupportFormId,
} from '@attune/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { RateLimits } from '../../plugins/app/rate-limits';
import * as events from '../events/service';

/** Support requests (step 9, decision 0047). */

export interface SupportContext {
  db: Db;
  rateLimits: RateLimits;
  supportEmail: string;
}

/** The forms a request can be sent with, named in the reader's language. */
export const supportForms = (language: Language): SupportForm[] =>
  SUPPORT_FORM_IDS.map((id) => ({ id, name: SUPPORT_FORM_NAMES[id][language] }));

/** A request's reference, as the sender and the support team see it. */
export const referenceOf = (id: number) => `AT-${String(id).padStart(6, '0')}`;

const THANKS: Record<Language, string> = {
  en: 'Thank you. We received your request and sent you a confirmation by e-mail.',
  de: 'Danke. Wir haben Ihre Anfrage erhalten und Ihnen eine Bestätigung per E-Mail geschickt.',
  es: 'Gracias. Hemos recibido su solicitud y le hemos enviado una confirmación por correo.',
};

/**
 * Sends a support request: limited per address and per e-mail, stored for the staff, mailed to
 * the support address (in English, the team's language) and confirmed to the sender in theirs,
 * all in one transaction. A request that filled in the honeypot is answered alike and kept nowhere.
 */
export async function sendRequest(
  ctx: SupportContext,
  sender: { ip: string; userId: number | null; language: Language },
  input: z.output<typeof SupportContactInput>,
): Promise<SupportContactOutput> {
  await ctx.rateLimits.consume('support:ip', sender.ip);
  await ctx.rateLimits.consume('support:email', input.email.toLowerCase());
  if (input.website) return { message: THANKS[sender.language], reference: referenceOf(0) };
  const reference = await ctx.db.transaction(async (tx) => {
    const stored = (await tx.execute(sql`insert into support_requests
        (form_id, user_id, name, email, message, language)
      values (${input.formId}, ${sender.userId}, ${input.name}, ${input.email}, ${input.message},
        ${sender.language})
      returning id`)) as unknown as { rows: { id: number }[] };
    const id = referenceOf(stored.rows[0]!.id);
    await events.record(tx, {
      type: 'support_request_sent',
      reference: id,
      formId: input.formId,
      name: input.name,
      email: input.email,
      member: sender.userId !== null,
      message: input.message,
      language: sender.language,
      supportEmail: ctx.supportEmail,
    });
    return id;
  });
  return { message: THANKS[sender.language], reference };
}

/** The support requests a member sent while signed in (their data export). */
export async function requestsForExport(db: Db, userId: number) {
  const found =
    (await db.execute(sql`select id, form_id as "formId", message, created_at as "createdAt"
    from support_requests where user_id = ${userId} order by id`)) as unknown as {
      rows: { id: number; formId: string; message: string; createdAt: Date | string }[];
    };
  return found.rows.map((row) => ({
    reference: referenceOf(row.id),
    formId: row.formId,
    message: row.message,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/** Removes the support requests sent with this e-mail address (account deletion). */
export async function forgetRequestsFrom(tx: Tx, email: string) {
  await tx.execute(sql`delete from support_requests where lower(email) = lower(${email})`);
}

export interface SeedRequest {
  formId: SupportFormId;
  name: string;
  email: string;
  message: string;
  language: Language;
}

/** A request as if sent signed out, for the demo community (no mails: nobody reads them). */
export async function seedRequest(db: Tx, request: SeedRequest) {
  await db.execute(sql`insert into support_requests (form_id, name, email, message, language)
    values (${request.formId}, ${request.name}, ${request.email}, ${request.message},
      ${request.language})`);
}
