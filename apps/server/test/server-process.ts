import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { SERVER_ROOT } from '../src/paths';

export interface ServerProcess {
  base: string;
  /** Everything the process printed so far. */
  output(): string;
  /** False once the process has exited, for whatever reason. */
  running(): boolean;
  exited: Promise<number | null>;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<number | null>;
  /** Sends SIGKILL (no shutdown at all, as a crash) and waits for the exit. */
  kill(): Promise<number | null>;
}

/**
 * A port the system has just handed out, so a spawned server neither collides with another run nor
 * lands on one of the ports `fetch` refuses (3659, 4045, …), as a random pick could.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs the real entry point (src/main.ts through tsx) as `npm start` would; resolves once /readyz answers. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: port, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let code: number | null = null;
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (exitCode) => {
      ended = true;
      code = exitCode;
      resolve(exitCode);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240 && !ended; i += 1) {
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (ended) throw new Error(`the server exited at start (${code}):\n${output}`);
  return {
    base,
    output: () => output,
    running: () => !ended,
    exited,
    async stop() {
      if (!ended) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (!ended) child.kill('SIGKILL');
      return exited;
    },
  };
}
