import type { APIRequestContext } from '@playwright/test';
import type { DevMail } from '@attune/contract';

async function mailsTo(request: APIRequestContext, email: string): Promise<DevMail[]> {
  const response = await request.get('/dev/mail.json');
  if (!response.ok()) throw new Error(`GET /dev/mail.json answered ${response.status()}`);
  const address = email.toLowerCase();
  // The outbox lists the newest mail first.
  return ((await response.json()) as DevMail[]).filter((mail) =>
    mail.to.toLowerCase().includes(address),
  );
}

const markerOf = (mail: DevMail | undefined) =>
  mail ? `${mail.createdAt}|${mail.subject}|${mail.text}` : null;

/** Marks the newest mail to `email` in the dev outbox; take it before the action that sends one. */
export async function latestMailMarker(
  request: APIRequestContext,
  email: string,
): Promise<string | null> {
  return markerOf((await mailsTo(request, email))[0]);
}

/**
 * Waits for a mail to `email` newer than the one `previousMarker` marks (dev outbox
 * `GET /dev/mail.json`, newest first) and returns its 6-digit code. Polls, because mail goes
 * through an outbox worker.
 */
export async function readCodeFromMail(
  request: APIRequestContext,
  email: string,
  previousMarker: string | null,
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const newest = (await mailsTo(request, email))[0];
    if (newest && markerOf(newest) !== previousMarker) {
      const code = /\b(\d{6})\b/.exec(newest.text)?.[1];
      if (!code) throw new Error(`The newest mail to ${email} has no 6-digit code`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`No new mail reached ${email} in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
