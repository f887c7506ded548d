import type { SQL } from 'drizzle-orm';
import type { Tx } from './client';

/** The rows of a statement written with Drizzle's `sql`, as both engines answer them. */
export const rowsOf = async <Row>(db: Tx, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
