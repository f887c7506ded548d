import { createHash } from 'node:crypto';
import { fillPlaceholders, Param, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg, { type QueryResultRow } from 'pg';
import { cacheOn } from '../lib/cache-switch';
import type { Tx } from './client';
import { genericPlanPoolOf } from './generic-plans';

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

/** Texts of statements already named, with their names (the hash is computed once per text). */
const namesByText = new Map<string, string>();
const MAX_NAMED_TEXTS = 1_000;
const dialect = new PgDialect();

export { genericPlanPoolOf } from './generic-plans';

/**
 * Runs a statement built from Drizzle `sql` as a named prepared statement on PostgreSQL, named by
 * a hash of its text: for statements whose text varies with a few options (the directory's
 * filters) but is the same for every request that sets the same ones, with every value a
 * parameter. PostgreSQL then parses it once per pooled connection and plans it once: it runs on
 * the pool's generic-plan connections (plan_cache_mode force_generic_plan, decision 0035), so only
 * statements written to have one good plan whatever their values belong here — the directory's
 * EXPLAIN test reads their generic plans. Left to choose, PostgreSQL kept planning some of them
 * anew on every execution, which took longer than running them. A text seen for the first time
 * after MAX_NAMED_TEXTS runs unnamed (a bound on what each connection keeps). PGlite, one
 * connection in process, runs it as it is.
 */
export async function executeNamed<Row>(db: Tx, query: SQL): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    const result = (await db.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = nameOf(text);
  const pool = genericPlanPoolOf(client);
  const result = await pool.query<Row & QueryResultRow>({ name, text, values: params });
  return result.rows;
}

/** A statement's value as given, or the placeholder that stands for it in a statement's shape. */
export type Bound<T> = T | Placeholder;

/** The text and parameters of one shape of a statement, with placeholders for its values. */
interface Shape {
  text: string;
  name: string | undefined;
  params: unknown[];
}
const shapesByBuilder = new WeakMap<object, Map<string, Shape>>();

/**
 * Runs `build(input)` as executeNamed does, building its text only once per shape. Building a
 * statement with Drizzle costs more than PostgreSQL takes to run it: a feed page's statement took a
 * quarter of the server's time (decision 0050). The shape is `input` with each of `valueKeys`
 * that is set (truthy) replaced by a placeholder of its name, so `build` must treat those as
 * values only (`${input.viewerId}`, `eq(column, input.kind)`), never branch on what they hold;
 * everything else in `input` (which filters are set, page sizes) is part of the shape and may
 * change the text. Falsy values stay in the shape as they are, so a test such as
 * `input.beforeId ? … : …` reads the same in both. PGlite and transactions run `build(input)`
 * with the values as executeNamed runs any statement.
 */
export async function executeShaped<Input extends object, Row>(
  db: Tx,
  build: (input: Input) => SQL,
  input: Input,
  valueKeys: readonly (keyof Input & string)[],
): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool) || !cacheOn('shapes'))
    return executeNamed<Row>(db, build(input));
  const shapeInput = { ...input } as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const key of valueKeys) {
    if (!input[key]) continue;
    values[key] = input[key];
    shapeInput[key] = sql.placeholder(key);
  }
  const key = JSON.stringify(shapeInput);
  let shapes = shapesByBuilder.get(build);
  if (!shapes) {
    shapes = new Map();
    shapesByBuilder.set(build, shapes);
  }
  let shape = shapes.get(key);
  if (!shape) {
    const { text, params } = eachPlaceholderOnce(dialect.sqlToQuery(build(shapeInput as Input)));
    shape = { text, params, name: nameOf(text) };
    // As many shapes as statement texts are named; past that, each is built again per call.
    if (shapes.size < MAX_NAMED_TEXTS) shapes.set(key, shape);
  }
  const pool = genericPlanPoolOf(client);
  const result = await pool.query<Row & QueryResultRow>({
    name: shape.name,
    text: shape.text,
    values: fillPlaceholders(shape.params, values),
  });
  return result.rows;
}

/**
 * A shape's text with each placeholder sent once: Drizzle numbers every use of a value anew, so a
 * statement testing the viewer's circle in five places sent the same array five times, each
 * written by the client and parsed by PostgreSQL (a third of the client's time for a filtered
 * directory page, decision 0063). Every use of one placeholder now reads one `$n`; a placeholder
 * names one value key, used with one type throughout. Quoted literals are left as they are.
 */
export function eachPlaceholderOnce(query: { sql: string; params: unknown[] }): {
  text: string;
  params: unknown[];
} {
  const params: unknown[] = [];
  const slotOfKey = new Map<string, number>();
  const slots = query.params.map((param) => {
    const key = placeholderKey(param);
    if (key === undefined) return params.push(param);
    let slot = slotOfKey.get(key);
    if (slot === undefined) {
      slot = params.push(param);
      slotOfKey.set(key, slot);
    }
    return slot;
  });
  const text = query.sql.replace(/'(?:[^']|'')*'|\$(\d+)/g, (match, index?: string) =>
    index === undefined ? match : `$${slots[Number(index) - 1]}`,
  );
  return { text, params };
}

/** A placeholder's name as a parameter (`sql.param(placeholder)` wraps it), or undefined. */
function placeholderKey(param: unknown): string | undefined {
  if (param instanceof Placeholder) return `value:${param.name}`;
  if (param instanceof Param && param.value instanceof Placeholder)
    return `param:${param.value.name}`;
  return undefined;
}

/** The name a statement's text runs under (undefined: unnamed, past MAX_NAMED_TEXTS). */
function nameOf(text: string): string | undefined {
  let name = namesByText.get(text);
  if (name === undefined && namesByText.size < MAX_NAMED_TEXTS) {
    name = `named_${createHash('sha1').update(text).digest('base64url')}`;
    namesByText.set(text, name);
  }
  return name;
}

/**
 * A row count (LIMIT, OFFSET) written into the statement's text, never passed as a parameter:
 * PostgreSQL keeps a prepared statement's generic plan only when it costs about what a plan for
 * the actual values does, and it costs a LIMIT it cannot see as a tenth of the table — so the
 * directory's statements were planned anew on every execution (0.5 ms of a 0.65 ms page). Each
 * statement shape has a few fixed counts, so the texts stay few. The directory's and the posts'
 * statements use it (decisions 0035, 0043).
 */
export function rowCount(count: number): SQL {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`not a row count: ${count}`);
  return sql.raw(String(count));
}

/**
 * A timestamp read by a raw statement as a Date: node-postgres gives Dates, PGlite through Drizzle
 * the text form (`2026-11-26 02:10:18.083+00`), read here as ISO 8601.
 */
export function asDate(value: Date | string | null): Date | null {
  if (value === null || value instanceof Date) return value;
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
}
