import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** Starts the server; SIGTERM stops accepting, finishes in-flight requests, then closes the database. */
async function main() {
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
  const app = await buildApp(config);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Attune is running on http://localhost:${config.port}${config.localMode ? ' (local mode: mail at /dev/mail)' : ''} using ${app.database.engine}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
