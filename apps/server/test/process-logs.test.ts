import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_BUFFER_BYTES, LOG_FLUSH_MS } from '../src/ops/logger.js';

/**
 * A process's log lines go to stdout through a buffer (ops/logger.ts): one write per several
 * kilobytes under load. Read from the outside, as a log collector reads them: a line is on stdout
 * within the flush interval when traffic is low, and no line is lost when the process stops,
 * gracefully or through an uncaught exception.
 */
const CHILD = fileURLToPath(new URL('./support/log-child.ts', import.meta.url));
let child: ChildProcess | undefined;
afterEach(() => void child?.kill('SIGKILL'));

interface Running {
  child: ChildProcess;
  /** Every complete line the process wrote to stdout so far, parsed. */
  lines: () => Record<string, unknown>[];
  exited: Promise<number | null>;
}

async function start(options: { twin?: boolean } = {}): Promise<Running> {
  child = fork(CHILD, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'info', VITEST: '', LOG_TWIN: options.twin ? '1' : '' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (data: Buffer) => (output += data.toString()));
  // The uncaught exception's report goes there: read, not shown.
  child.stderr!.resume();
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    child!.once('message', resolve);
    child!.once('exit', (code) => reject(new Error(`the log child exited (${code}) before it was ready`)));
  });
  const lines = () =>
    output
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, lines, exited };
}

const requestLines = (lines: Record<string, unknown>[]) => lines.filter((l) => l.msg === 'a request line');

describe("a process's log lines on stdout", () => {
  it('writes a line within the flush interval when traffic is low', { timeout: 30_000 }, async () => {
    const running = await start();
    running.child.send({ log: 1 });
    const sentAt = performance.now();
    await expect.poll(() => requestLines(running.lines()).length, { timeout: 10_000, interval: 20 }).toBe(1);
    // Generous margin over the interval for a loaded machine; without the periodic flush the line
    // would wait for LOG_BUFFER_BYTES more of them, that is forever.
    expect(performance.now() - sentAt).toBeLessThan(LOG_FLUSH_MS + 4_000);
    expect(requestLines(running.lines())[0]).toMatchObject({ level: 30, line: 1, role: 'all' });
  });

  it('buffers under load and writes every line at graceful shutdown', { timeout: 30_000 }, async () => {
    const running = await start();
    // Many buffers' worth (one line is about 100 bytes here), the last one still in the buffer.
    const count = Math.ceil((LOG_BUFFER_BYTES * 20) / 100) + 7;
    running.child.send({ log: count });
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    const lines = running.lines();
    expect(requestLines(lines).map((l) => l.line)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(lines.at(-1)).toMatchObject({ msg: 'last step of the shutdown', logged: count });
  });

  it('keeps every line, in order, when the reader of stdout falls behind', { timeout: 30_000 }, async () => {
    const running = await start();
    // The pipe (64 kB) fills while nobody reads it: a write then meets EAGAIN. An asynchronous
    // write waiting to retry was overtaken by the shutdown's synchronous flush (CI, stop 55:
    // lines 80-243 came after line 1488), and lost when the process exited first.
    running.child.stdout!.pause();
    const count = Math.ceil((64 * 1024 * 4) / 100);
    running.child.send({ log: count });
    await new Promise((resolve) => setTimeout(resolve, 500));
    running.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    running.child.stdout!.resume();
    expect(await running.exited).toBe(0);
    const lines = running.lines();
    expect(requestLines(lines).map((l) => l.line)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(lines.at(-1)).toMatchObject({ msg: 'last step of the shutdown', logged: count });
  });

  it("never mixes two processes' lines on one stdout", { timeout: 30_000 }, async () => {
    // Two processes on one pipe (API_PROCESSES=2), their reader behind: a write of more than
    // PIPE_BUF (4 kB) may be split and interleaved with the other process's, leaving lines that
    // are not JSON. Lines of 400 bytes, as a request line is.
    const running = await start({ twin: true });
    running.child.stdout!.pause();
    const count = 5_000;
    running.child.send({ log: count, pad: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    running.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    running.child.stdout!.resume();
    expect(await running.exited).toBe(0);
    const lines = running.lines(); // throws on a line that is not JSON
    const pids = [...new Set(requestLines(lines).map((l) => l.pid))];
    expect(pids).toHaveLength(2);
    for (const pid of pids)
      expect(
        requestLines(lines)
          .filter((l) => l.pid === pid)
          .map((l) => l.line),
      ).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });

  it('writes the lines before an uncaught exception', { timeout: 30_000 }, async () => {
    const running = await start();
    running.child.send({ log: 3, crash: true });
    expect(await running.exited).not.toBe(0);
    expect(running.lines().map((l) => l.msg)).toEqual([
      'a request line',
      'a request line',
      'a request line',
      'about to fail',
    ]);
  });
});
