import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PostListOutput } from '@attune/contract';
import type { Database } from '../../db/client';
import { callAs } from '../../../test/app';

/** Shared by the tests of what follows members' changes, on both engines. */

/** Announcements come through the database after the commit: within moments. */
export async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 3_000;
  while (!(await check()) && Date.now() < deadline) await sleep(20);
  return check();
}

export const setFirstName = (database: Database, id: number, firstName: string) =>
  database.db.execute(sql`update users set first_name = ${firstName} where id = ${id}`);

type Author = { id: number; token: string };

/** The author writes a post; its id. */
export async function writePost(app: FastifyInstance, author: Author): Promise<number> {
  const response = await callAs(app, 'POST', '/api/posts', author, {
    title: `A card of ${author.id}`,
    content: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Kept as a card' }] }],
    },
    language: 'en',
  });
  if (response.statusCode !== 201) throw new Error(`writing a post: ${response.body}`);
  return (response.json() as { id: number }).id;
}

/** The author's name on the newest post of their own list (read through the cards, cards.ts). */
export async function authorNameSeen(app: FastifyInstance, author: Author) {
  const response = await callAs(app, 'GET', '/api/posts/mine', author);
  return (response.json() as PostListOutput).items[0]?.author.name;
}
