import pg from 'pg';
import type { Tx } from '../src/db/client';
import { genericPlanPoolOf } from '../src/db/prepared';

type Queryable = { query: (...args: unknown[]) => unknown };

/**
 * The text of every statement sent to the database while `during` runs, on the handle's pool and
 * on its generic-plan companion (executeNamed, decision 0035), in order: for tests that count a
 * read's statements (no N+1). Background work on the same pool (the mail worker's polling, the
 * session check) is sent too: callers keep the statements that are the read's own.
 */
export async function statementsSent(db: Tx, during: () => Promise<unknown>): Promise<string[]> {
  const main = (db as unknown as { $client: Queryable }).$client;
  const clients = [
    ...new Set([main, main instanceof pg.Pool ? (genericPlanPoolOf(main) as Queryable) : main]),
  ];
  const originals = clients.map((client) => client.query);
  const texts: string[] = [];
  clients.forEach((client, index) => {
    client.query = function (this: unknown, ...args: unknown[]) {
      texts.push(String((args[0] as { text?: string })?.text ?? args[0]));
      return originals[index]!.apply(this, args);
    };
  });
  try {
    await during();
  } finally {
    clients.forEach((client, index) => (client.query = originals[index]!));
  }
  return texts;
}
