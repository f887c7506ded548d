import { Worker } from 'node:worker_threads';

/**
 * The shutdown's last resort (issue 45): a thread of its own that ends the process with SIGKILL
 * `afterMs` from now. The shutdown's own deadline (main.ts) runs on the main thread and cannot
 * fire while that thread is held (a write that waits for ever, a stuck native call); this one can.
 * It never keeps the process alive.
 */
export function armShutdownWatchdog(afterMs: number): void {
  const watchdog = new Worker(
    `const { workerData } = require('node:worker_threads');
     setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.afterMs);`,
    // No loaders (tsx in tests): the watchdog must start without the main thread's help.
    { eval: true, execArgv: [], workerData: { pid: process.pid, afterMs } },
  );
  watchdog.unref();
}
