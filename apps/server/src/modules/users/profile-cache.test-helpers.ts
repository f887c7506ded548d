import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Shared by the profile cache's tests on both engines (profile-cache*.test.ts). */
export const USER_QUERY = `query($id: ID!) { user(id: $id) { firstName isFriend totalFriendCount } }`;
export interface UserAnswer {
  user: { firstName: string; isFriend: number; totalFriendCount: number } | null;
}

/** Announcements come through the database after the commit: within moments. */
export async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 3_000;
  while (!(await check()) && Date.now() < deadline) await sleep(20);
  return check();
}

export const setFirstName = (database: Database, id: number, firstName: string) =>
  database.db.execute(sql`update users set first_name = ${firstName} where id = ${id}`);
