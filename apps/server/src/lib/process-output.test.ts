import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processOutput } from './process-output';

/** Real pipes (FIFOs): the kernel decides when one is full and when its reader has gone. */
const work = mkdtempSync(join(tmpdir(), 'attune-output-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let serial = 0;
function pipe() {
  serial += 1;
  const path = join(work, `pipe-${serial}`);
  execFileSync('mkfifo', [path]);
  const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(path, constants.O_WRONLY);
  return { reader, writer };
}

/** Everything the pipe holds now. */
function drain(reader: number): string {
  const buffer = Buffer.alloc(1 << 16);
  let text = '';
  for (;;) {
    try {
      const read = readSync(reader, buffer);
      if (read === 0) return text;
      text += buffer.toString('utf8', 0, read);
    } catch {
      return text;
    }
  }
}

const line = (index: number) => `${String(index).padStart(6, '0')} ${'x'.repeat(93)}\n`;

describe('the process’s output (issue 45)', () => {
  it('never waits for a full pipe: queues up to its bound, drops the rest, and says so later', async () => {
    const { reader, writer } = pipe();
    const output = processOutput(writer, { maxQueuedBytes: 64 * 1024, retryMs: 10 });
    const started = performance.now();
    // 4,000 lines of 100 bytes: far more than the pipe (64 KiB) and the queue (64 KiB) hold.
    for (let index = 0; index < 4_000; index += 1) output.write(line(index));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(output.queued).toBeGreaterThan(0);
    expect(output.queued).toBeLessThanOrEqual(64 * 1024);
    expect(output.dropped).toBeGreaterThan(1_000);
    expect(output.broken).toBe(false);

    // The reader reads again: the queue is written in order, then the count of dropped lines.
    let received = '';
    for (let round = 0; round < 200 && !received.includes('dropped'); round += 1) {
      received += drain(reader);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const lines = received.split('\n').filter(Boolean);
    const numbers = lines
      .filter((each) => /^\d{6} /.test(each))
      .map((each) => Number(each.slice(0, 6)));
    expect(numbers[0]).toBe(0);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(lines.at(-1)).toBe(
      `${output.dropped} log lines were dropped: the log's reader did not keep up`,
    );
    expect(output.queued).toBe(0);

    // Kept up again: the next line goes straight through.
    output.write(line(9_999));
    expect(drain(reader)).toBe(line(9_999));
    output.close();
    closeSync(writer);
    closeSync(reader);
  });

  it('stops writing, without an error, once the reader has gone', () => {
    const { reader, writer } = pipe();
    const output = processOutput(writer);
    output.write(line(1));
    closeSync(reader);
    expect(() => output.write(line(2))).not.toThrow();
    expect(output.broken).toBe(true);
    output.write(line(3));
    expect(output.dropped).toBe(2);
    output.close();
    closeSync(writer);
  });

  it('writes a file as it is, every line', () => {
    const path = join(work, 'file.log');
    const file = openSync(path, 'w');
    const output = processOutput(file);
    for (let index = 0; index < 1_000; index += 1) output.write(line(index));
    expect(output.dropped).toBe(0);
    expect(output.queued).toBe(0);
    output.close();
    closeSync(file);
    const reader = openSync(path, 'r');
    expect(drain(reader).split('\n').filter(Boolean)).toHaveLength(1_000);
    closeSync(reader);
  });
});
