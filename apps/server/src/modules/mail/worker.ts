import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  expireMails,
  leaseDueMails,
  leaseMail,
  mailState,
  markFailedAttempt,
  markSent,
  type OutboxRow,
} from './repository';
import type { DeliveredCopy, MailTransport } from './transport';

const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;
const POLL_MS = 2_000;
/** How long a request waits for its own mail before telling the visitor it is delayed. */
export const DELIVER_NOW_TIMEOUT_MS = 4_000;
const STATE_POLL_MS = 100;

/** The outcome of delivering a mail right away: sent, or still queued for a retry. */
export type DeliveryOutcome = 'sent' | 'delayed';

/** Seconds to wait before the next try: 10 s, 20 s, 40 s … capped at one hour. */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(3_600, 10 * 2 ** Math.max(0, attempts - 1));

export interface MailWorker {
  /** Runs a delivery round soon (called after a transaction that queued mail has committed). */
  kick(): void;
  /** Delivers everything due now; resolves when the round is done. */
  drain(): Promise<void>;
  /**
   * Tries to deliver one queued mail at once, waiting at most `timeoutMs`: `sent`, or `delayed`
   * when the attempt failed or took too long (the mail stays queued and is retried).
   */
  deliverNow(id: number, timeoutMs?: number): Promise<DeliveryOutcome>;
  /** A delivered mail as it was sent, in local mode's dev outbox (memory only). */
  deliveredCopy(id: number): DeliveredCopy | undefined;
  stop(): Promise<void>;
}

/** Drains the outbox on a timer and on demand, one round at a time. */
export function startMailWorker(
  db: Db,
  transport: MailTransport,
  log: FastifyBaseLogger,
): MailWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /** Sends one leased mail and records the outcome; true when it went out. */
  const deliver = async (mail: OutboxRow): Promise<boolean> => {
    try {
      await transport.send(mail);
      await markSent(db, mail.id);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = mail.attempts >= MAX_ATTEMPTS;
      log.warn(
        { mailId: mail.id, attempts: mail.attempts, giveUp },
        `mail delivery failed: ${message}`,
      );
      await markFailedAttempt(
        db,
        mail.id,
        message,
        giveUp ? null : retryDelaySeconds(mail.attempts),
      );
      return false;
    }
  };

  const round = async () => {
    // A code mail that could not go out before its code expired is not sent any more.
    await expireMails(db);
    for (;;) {
      const batch = await leaseDueMails(db, 20, LEASE_SECONDS);
      if (batch.length === 0) return;
      for (const mail of batch) await deliver(mail);
    }
  };

  const deliverNow = async (id: number, timeoutMs = DELIVER_NOW_TIMEOUT_MS) => {
    const deadline = Date.now() + timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<DeliveryOutcome>((resolve) => {
      timer = setTimeout(() => resolve('delayed'), timeoutMs);
    });
    const attempt = (async (): Promise<DeliveryOutcome> => {
      const [mail] = await leaseMail(db, id, LEASE_SECONDS);
      if (mail) return (await deliver(mail)) ? 'sent' : 'delayed';
      // Another sender holds it (the timer's round, another instance): wait for its outcome.
      while (Date.now() < deadline) {
        const state = await mailState(db, id);
        if (!state || state.status === 'sent') return 'sent';
        if (state.status !== 'pending' || state.lastError) return 'delayed';
        await new Promise((resolve) => setTimeout(resolve, STATE_POLL_MS));
      }
      return 'delayed';
    })().catch((error: unknown) => {
      log.error({ err: error, mailId: id }, 'immediate mail delivery failed');
      return 'delayed' as const;
    });
    try {
      return await Promise.race([attempt, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const drain = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((error) => log.error({ err: error }, 'mail worker round failed'))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void drain();
        }
      });
    return running;
  };

  const timer = setInterval(() => void drain(), POLL_MS);
  timer.unref();

  return {
    kick: () => void drain(),
    drain,
    deliverNow,
    deliveredCopy: (id) => transport.copyOf?.(id),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
