import { expect } from 'vitest';
import { callAs, mailsTo, signedInMembers, type TestApp } from '../../../test/app';
import * as connections from '../connections/service';
import { setPreferredLanguage } from '../users/service';

type Member = Awaited<ReturnType<typeof signedInMembers<1>>>[0];

/** The weekly digests mailed to a member, in any language. */
export const digestsTo = async (t: TestApp, member: Member) =>
  (await mailsTo(t.app, member.email)).filter((mail) =>
    /Your week on Attune|Ihre Woche auf Attune|Su semana en Attune/.test(mail.subject),
  );

/** A member who asked for the digest, with a message waiting from a connection. */
export async function waitingReader(t: TestApp, language = 'de') {
  const [reader, writer] = await signedInMembers(t.app, 2);
  await setPreferredLanguage(t.database.db, reader!.id, language);
  await callAs(t.app, 'PATCH', '/api/notifications/preferences', reader!, {
    key: 'weekly_digest',
    value: true,
  });
  await connections.seedConnection(t.database.db, reader!.id, writer!.id, 'accepted');
  const sent = await callAs(t.app, 'POST', '/api/social/messages', writer!, {
    recipients: [reader!.id],
    message: 'Hallo',
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return reader!;
}
