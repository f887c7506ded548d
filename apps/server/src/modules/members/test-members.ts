import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A member written straight into the database (tests only): fast, and any shape a test needs. */
export interface MemberSeed {
  nickname: string;
  firstName?: string;
  lastName?: string;
  roles?: string[];
  locale?: string;
  description?: string;
  avatarUrl?: string;
  /** Profile values by field name (any case): a value, or [value, visibility]. */
  values?: Record<string, string | [string, string]>;
}

/** Inserts a member with their profile values; returns the new id. */
export async function insertMember(db: Db, seed: MemberSeed): Promise<number> {
  const tag = randomBytes(6).toString('hex');
  const result = (await db.execute(sql`
    insert into users (email, username, nickname, first_name, last_name, roles, locale, description,
      avatar_url, password_hash)
    values (${`m-${tag}@example.com`}, ${`member-${tag}`}, ${seed.nickname}, ${seed.firstName ?? ''},
      ${seed.lastName ?? ''}, ${sql.param(seed.roles ?? ['member'])}::text[], ${seed.locale ?? 'en'},
      ${seed.description ?? ''}, ${seed.avatarUrl ?? null}, 'x')
    returning id`)) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]!.id;
  for (const [name, given] of Object.entries(seed.values ?? {})) {
    const [value, visibility] = typeof given === 'string' ? [given, null] : given;
    await db.execute(sql`
      insert into profile_values (user_id, field_id, value, visibility)
      select ${id}::int, f.id, ${value}, ${visibility}
      from profile_fields f where f.group_id = 1 and lower(f.name) = ${name.toLowerCase()}`);
  }
  return id;
}
