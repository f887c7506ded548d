import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { ensureDefaultPages } from './modules/pages/service';
import { seedDemoContent } from './modules/seed/demo';
import { ensureNicknameSkeletons, ensureProfileFields } from './modules/users/service';

export interface PrepareOptions {
  /** Apply the committed migrations first (false when the caller migrated already: tests). */
  migrate: boolean;
  /** Seed the demo community (config.seedDemo). */
  seedDemo: boolean;
}

/**
 * The start-up work on the database: migrations, reference rows, demo content. Instances starting
 * together on one PostgreSQL take turns under an advisory lock (decision 0022); without it both
 * would create the migrations table or the same demo member and one would fail to start.
 */
export async function prepareDatabase(
  database: Database,
  options: PrepareOptions,
  log: FastifyBaseLogger,
): Promise<void> {
  await database.withStartupLock(async () => {
    if (options.migrate) await database.migrate();
    await ensureProfileFields(database.db);
    await ensureNicknameSkeletons(database.db);
    await ensureDefaultPages(database.db);
    if (options.seedDemo) {
      const created = await seedDemoContent(database.db);
      if (created > 0) log.info({ created }, 'demo accounts seeded');
    }
  });
}
