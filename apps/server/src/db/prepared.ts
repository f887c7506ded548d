import type { Tx } from './client';

/**
 * Named prepared statements for the queries every authenticated request sends (decision 0030).
 *
 * Drizzle sends each query as an unnamed statement, so PostgreSQL parses and plans it again on every
 * call: for the profile read (a JSON aggregate and correlated subqueries) planning cost several
 * times the execution. A named statement is parsed once per pooled connection and its plan is kept;
 * measured on this machine with `pg` alone at 8 connections, the session lookup went from 17k to
 * 38k queries/s and the profile read from 5.5k to 19k. Drizzle's query building is skipped as well.
 *
 * Only fixed-shape queries belong here (the placeholders carry every value, lists as one array
 * parameter), never one whose text varies: each name is one statement on every connection for the
 * life of the pool. Each database handle keeps its own (tests open many databases; a transaction is
 * a handle too, whose statement runs on the transaction's connection under the same name).
 */
const byDatabase = new WeakMap<object, Map<string, unknown>>();

export function prepared<Statement>(
  db: Tx,
  name: string,
  prepare: (db: Tx, name: string) => Statement,
): Statement {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as Statement | undefined;
  if (!statement) {
    statement = prepare(db, name);
    statements.set(name, statement);
  }
  return statement;
}
