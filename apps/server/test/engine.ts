/** Which database engine this test run uses: PGlite always, PostgreSQL when asked for and configured. */
export function testEngine(): 'pglite' | 'postgres' {
  const engine = process.env.ATTUNE_TEST_ENGINE ?? 'pglite';
  if (engine !== 'pglite' && engine !== 'postgres')
    throw new Error(`ATTUNE_TEST_ENGINE must be pglite or postgres, not ${engine}`);
  if (engine === 'postgres' && !process.env.TEST_DATABASE_URL) {
    throw new Error('ATTUNE_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  }
  return engine;
}

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
