import { closeSync, constants, fstatSync, openSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';
import { format } from 'node:util';

/**
 * The process's standard output or error, written so that it can never stop the server (issue
 * 45). A log shipper that crashed, `npm start | head`, or a supervisor restarting its collector
 * leaves the output a pipe nobody reads: a write then fails (EPIPE), or the pipe fills and a write
 * would wait for ever. Node writes pipes synchronously on Linux, and pino's own writer retries a
 * full pipe in a loop on the main thread, so one log line could hold the whole process, shutdown
 * included.
 *
 * Here every write is tried once, without waiting: what does not fit is queued (bounded) and
 * tried again on a timer; past the bound, lines are dropped and counted, and the count is written
 * once the reader reads again. A reader that has gone (EPIPE, a closed socket) ends the output:
 * nothing more is written and the server goes on serving.
 */
export interface ProcessOutput {
  /** Writes, or queues, or drops one piece of text; never throws and never waits. */
  write(text: string): boolean;
  /** Lines dropped so far (queue full, or the reader gone). */
  readonly dropped: number;
  /** Text waiting for the reader, in bytes. */
  readonly queued: number;
  /** Whether the reader has gone: nothing more will be written. */
  readonly broken: boolean;
}

export const PROCESS_OUTPUT = {
  /** Text kept for a slow reader: beyond this, lines are dropped rather than held in memory. */
  maxQueuedBytes: 1024 * 1024,
  /** How soon a full pipe is tried again. */
  retryMs: 50,
};

/** Errors that say the output is still there and only full now. */
const FULL = new Set(['EAGAIN', 'EWOULDBLOCK']);

/** Streams opened on sockets only to make them non-blocking: kept, never closed (that closes the fd). */
const socketsKeptOpen: Socket[] = [];

/**
 * The descriptor to write `fd` through, non-blocking where a reader could hold a write:
 * - a pipe (a FIFO, a shell's `|`) is opened again through /proc/self/fd with O_NONBLOCK, a
 *   description of our own, so a full pipe answers EAGAIN at once whatever another process or
 *   Node sets on the shared one;
 * - a socket (a parent's `spawn` pipe, a journal) cannot be opened again that way: opening it as
 *   a libuv stream sets O_NONBLOCK on it (measured: a stalled reader then answers EAGAIN instead
 *   of holding the write for ever); the stream itself is never used;
 * - files and terminals are written as they are (a file never waits for a reader), and so is
 *   anything on a system without /proc: the shutdown's deadline and watchdog cover that.
 */
function nonBlockingDescriptor(fd: number): number {
  try {
    const stat = fstatSync(fd);
    if (stat.isSocket()) {
      const stream = new Socket({ fd, readable: false, writable: true });
      stream.unref();
      socketsKeptOpen.push(stream);
      return fd;
    }
    if (!stat.isFIFO()) return fd;
    return openSync(`/proc/self/fd/${fd}`, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch {
    return fd;
  }
}

export function processOutput(
  fd: number,
  options: Partial<typeof PROCESS_OUTPUT> = {},
): ProcessOutput & { close(): void } {
  const { maxQueuedBytes, retryMs } = { ...PROCESS_OUTPUT, ...options };
  const target = nonBlockingDescriptor(fd);
  let queue: Buffer[] = [];
  let queued = 0;
  let dropped = 0;
  /** Lines dropped since the reader last kept up: told once it does again. */
  let untold = 0;
  let broken = false;
  let timer: NodeJS.Timeout | undefined;

  /** Writes what it can of `chunk` now; the bytes left over (0 when all went, -1 when broken). */
  function tryWrite(chunk: Buffer): number {
    try {
      return chunk.length - writeSync(target, chunk);
    } catch (error) {
      if (FULL.has((error as NodeJS.ErrnoException).code ?? '')) return chunk.length;
      // EPIPE, a closed socket, a closed descriptor: the reader has gone for good.
      broken = true;
      return -1;
    }
  }

  /** Writes the queue's head while the reader takes it; schedules the rest. */
  function flush() {
    timer = undefined;
    while (queue.length > 0 && !broken) {
      const head = queue[0]!;
      const left = tryWrite(head);
      if (left < 0) {
        dropped += queue.length;
        queue = [];
        queued = 0;
        return;
      }
      if (left > 0) {
        queue[0] = head.subarray(head.length - left);
        queued -= head.length - left;
        schedule();
        return;
      }
      queue.shift();
      queued -= head.length;
    }
    if (untold > 0 && !broken) {
      const note = `${untold} log line${untold === 1 ? ' was' : 's were'} dropped: the log's reader did not keep up\n`;
      untold = 0;
      enqueue(Buffer.from(note));
    }
  }

  function schedule() {
    if (timer || broken) return;
    timer = setTimeout(flush, retryMs);
    // A full pipe never keeps the process alive.
    timer.unref();
  }

  function enqueue(chunk: Buffer) {
    queue.push(chunk);
    queued += chunk.length;
    schedule();
  }

  return {
    write(text) {
      if (broken) {
        dropped += 1;
        return false;
      }
      const chunk = Buffer.from(text);
      if (queue.length > 0) {
        if (queued + chunk.length > maxQueuedBytes) {
          dropped += 1;
          untold += 1;
          return false;
        }
        enqueue(chunk);
        return true;
      }
      const left = tryWrite(chunk);
      if (left < 0) dropped += 1;
      else if (left > 0) enqueue(chunk.subarray(chunk.length - left));
      return left >= 0;
    },
    get dropped() {
      return dropped;
    },
    get queued() {
      return queued;
    },
    get broken() {
      return broken;
    },
    close() {
      if (timer) clearTimeout(timer);
      if (target !== fd) closeSync(target);
    },
  };
}

/**
 * Sends what the process's code writes through `console` to the two outputs (the database
 * client's warnings among others), so that no line anywhere in the process can wait for a reader.
 */
export function routeConsole(stdout: ProcessOutput, stderr: ProcessOutput): void {
  const to =
    (output: ProcessOutput) =>
    (...args: unknown[]) => {
      output.write(`${format(...args)}\n`);
    };
  console.log = to(stdout);
  console.info = to(stdout);
  console.debug = to(stdout);
  console.warn = to(stderr);
  console.error = to(stderr);
}
