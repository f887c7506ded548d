import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { leaseDueMails, markFailedAttempt, markSent } from './repository';
import type { MailTransport } from './transport';

const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;
const POLL_MS = 2_000;

/** Seconds to wait before the next try: 10 s, 20 s, 40 s … capped at one hour. */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(3_600, 10 * 2 ** Math.max(0, attempts - 1));

export interface MailWorker {
  /** Runs a delivery round soon (called after a transaction that queued mail has committed). */
  kick(): void;
  /** Delivers everything due now; resolves when the round is done. */
  drain(): Promise<void>;
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

  const round = async () => {
    for (;;) {
      const batch = await leaseDueMails(db, 20, LEASE_SECONDS);
      if (batch.length === 0) return;
      for (const mail of batch) {
        try {
          await transport.send(mail);
          await markSent(db, mail.id);
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
        }
      }
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
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
