import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { run, type Runner } from 'graphile-worker';
import type { Database } from '../../db/client';
import { clean, weeklyDigest } from './tasks';

/**
 * The job runner (decision 0046). On PostgreSQL: graphile-worker, whose schedule is kept in the
 * database, so each scheduled run happens once across all instances, and a failed job is retried
 * with backoff. On PGlite (one process by nature): the same tasks on in-process timers.
 */

export type TaskName = 'weekly_digest' | 'clean';

/** When each task runs (UTC): the digest on Monday mornings, cleaning every night. */
export const SCHEDULE: Record<TaskName, { minute: number; hour: number; weekday?: number }> = {
  weekly_digest: { minute: 0, hour: 8, weekday: 1 },
  clean: { minute: 15, hour: 3 },
};

/** The schedule as a graphile-worker crontab (a missed run within a day is made up once). */
export const crontab = () =>
  (Object.entries(SCHEDULE) as [TaskName, (typeof SCHEDULE)[TaskName]][])
    .map(
      ([task, at]) =>
        `${at.minute} ${at.hour} * * ${at.weekday ?? '*'} ${task} ?fill=1d&jobKey=${task}&max=5`,
    )
    .join('\n');

/** The next time at or after `from` (exclusive) a schedule entry is due. */
export function nextRun(at: (typeof SCHEDULE)[TaskName], from: Date): Date {
  const next = new Date(from);
  next.setUTCSeconds(0, 0);
  next.setUTCHours(at.hour, at.minute);
  while (next <= from || (at.weekday !== undefined && next.getUTCDay() !== at.weekday))
    next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

export interface Jobs {
  /** Runs a task now, outside its schedule (tests, operators); resolves when it is done. */
  runNow(task: TaskName): Promise<unknown>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  database: Database;
  databaseUrl?: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const tasksOf = ({
  database,
  publicUrl,
}: JobsOptions): Record<TaskName, () => Promise<unknown>> => ({
  weekly_digest: () => weeklyDigest(database.db, publicUrl),
  clean: () => clean(database.db),
});

export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const tasks = tasksOf(options);
  if (options.database.engine === 'postgres' && options.databaseUrl) {
    const runner: Runner = await run({
      connectionString: options.databaseUrl,
      maxPoolSize: 2,
      concurrency: 1,
      noHandleSignals: true,
      pollInterval: 10_000,
      crontab: crontab(),
      taskList: {
        weekly_digest: async () => {
          options.log.info({ mailed: await tasks.weekly_digest() }, 'jobs: weekly digest');
        },
        clean: async () => {
          options.log.info({ removed: await tasks.clean() }, 'jobs: cleaned');
        },
      },
    });
    return {
      // Through the queue, as the schedule would: added, then awaited in the database (any
      // instance's worker may take it; a finished job leaves the table, a failed one keeps its error).
      async runNow(task) {
        const job = await runner.addJob(task, {});
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline) {
          const found = (await options.database.db.execute(
            sql`select last_error from graphile_worker.jobs where id = ${job.id}`,
          )) as unknown as { rows: { last_error: string | null }[] };
          const row = found.rows[0];
          if (!row) return;
          if (row.last_error) throw new Error(`job ${task} failed: ${row.last_error}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error(`job ${task} did not finish within 60 s`);
      },
      stop: () => runner.stop(),
    };
  }

  // PGlite: timers in this process; a task that fails is logged and runs again at its next time.
  const timers = new Map<TaskName, NodeJS.Timeout>();
  const plan = (task: TaskName) => {
    const delay = nextRun(SCHEDULE[task], new Date()).getTime() - Date.now();
    const timer = setTimeout(() => {
      tasks[task]()
        .then((result) => options.log.info({ task, result }, 'jobs: done'))
        .catch((error: unknown) => options.log.error({ err: error, task }, 'jobs: failed'))
        .finally(() => plan(task));
    }, delay);
    timer.unref();
    timers.set(task, timer);
  };
  for (const task of Object.keys(SCHEDULE) as TaskName[]) plan(task);
  return {
    runNow: (task) => tasks[task](),
    async stop() {
      for (const timer of timers.values()) clearTimeout(timer);
    },
  };
}
