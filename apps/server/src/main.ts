import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { processOutput, routeConsole } from './lib/process-output';
import { armShutdownWatchdog } from './lib/shutdown-watchdog';

/** How long after the shutdown's deadline the watchdog ends a process whose main thread is held. */
const WATCHDOG_GRACE_MS = 2_000;

/**
 * Starts the server. SIGTERM stops accepting, finishes in-flight requests, then closes the
 * database; whatever is still pending at SHUTDOWN_DEADLINE_MS, the process exits with code 1
 * (killed by its watchdog shortly after, if even that cannot run). Every line the process writes
 * goes through outputs that never wait for their reader (lib/process-output.ts).
 */
async function main() {
  const stdout = processOutput(1);
  const stderr = processOutput(2);
  routeConsole(stdout, stderr);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config, { logger: { level: config.logLevel, stream: stdout } });
  const deadline = config.shutdownDeadlineMs;
  closeWithGrace(
    {
      delay: deadline,
      logger: { error: (message: unknown) => app.log.error(message) },
      onTimeout: () =>
        app.log.fatal(`shutdown not finished within ${deadline} ms: exiting with code 1`),
    },
    async ({ signal, err }) => {
      armShutdownWatchdog(deadline + WATCHDOG_GRACE_MS);
      if (err) app.log.error({ err }, 'shutting down after an error');
      else app.log.info({ signal }, 'shutting down');
      await app.close();
    },
  );
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Attune is running on http://localhost:${config.port}${config.localMode ? ' (local mode: mail at /dev/mail)' : ''} using ${app.database.engine}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
