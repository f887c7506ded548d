import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { eachPlaceholderOnce } from './prepared';

describe('a statement shape sends each placeholder once', () => {
  const dialect = new PgDialect();
  const viewer = sql.placeholder('viewerId');
  const circle = sql.placeholder('circle');

  it('numbers every use of a placeholder alike, and other values in order', () => {
    const shape = dialect.sqlToQuery(
      sql`select ${viewer}::int, ${7}::int, u.id = any(${sql.param(circle)}::int[])
        from users u where u.id <> ${viewer}::int and u.id <> all(${sql.param(circle)}::int[])
          and u.nickname <> '$1 stays' and u.id = ${viewer}::int and ${'text'} <> ''`,
    );
    expect(shape.params).toHaveLength(7);
    const { text, params } = eachPlaceholderOnce(shape);
    expect(params).toHaveLength(4);
    expect(params.slice(0, 2)).toEqual([viewer, 7]);
    expect((params[2] as { value: unknown }).value).toBe(circle);
    expect(params[3]).toBe('text');
    expect(text).toContain('select $1::int, $2::int, u.id = any($3::int[])');
    expect(text).toContain('u.id <> $1::int and u.id <> all($3::int[])');
    expect(text).toContain("u.nickname <> '$1 stays' and u.id = $1::int and $4 <> ''");
  });

  it('leaves a shape without repeats as it was', () => {
    const shape = dialect.sqlToQuery(sql`select ${viewer}::int, ${"it's"}, 'it''s $2'`);
    expect(eachPlaceholderOnce(shape)).toEqual({ text: shape.sql, params: shape.params });
  });
});
