import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from './database.js';
import { freePort } from './free-port.js';

/**
 * `API_PROCESSES=2 npm start` in the default role (API and worker in one command): the API
 * processes serve the port and their request lines reach the command's stdout. The main process
 * once listened there itself with the worker's health-only app, so each API process failed with
 * EADDRINUSE and was restarted forever, while the port answered 404 to every API path.
 */
const { url } = await useTestDatabase();
const temp = mkdtempSync(path.join(os.tmpdir(), 'zview-api-processes-'));
const port = await freePort();
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(temp, { recursive: true, force: true });
});

describe('API_PROCESSES=2 in the default role', () => {
  it('serves the API from both processes, logs their requests, and stops cleanly', { timeout: 120_000 }, async () => {
    child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: temp,
        API_PROCESSES: '2',
        // The worker's own process is not what is tested: the role still runs the queue's side.
        PORTFOLIO_WORKER: 'off',
        WORLD_PROPERTIES: '0',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        ENV: 'test',
        VITEST: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    await expect.poll(() => output.includes('is running at'), { timeout: 90_000, interval: 200 }).toBe(true);

    // A new connection each time: the cluster hands them to its processes in turn.
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/version`, {
        headers: { connection: 'close', 'x-request-id': `cluster-probe-${i}` },
      });
      expect(response.status).toBe(200);
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toContain('EADDRINUSE');
    expect(output).not.toMatch(/\[api\] process \d+ exited/);
    const requestLines = output
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes('cluster-probe-'))
      .map((line) => JSON.parse(line) as { pid: number; requestId: string; statusCode: number });
    // Every request's line, flushed by each process at its shutdown, from both processes.
    expect(requestLines.map((line) => line.requestId).sort()).toEqual(
      Array.from({ length: 6 }, (_, i) => `cluster-probe-${i}`),
    );
    expect(requestLines.every((line) => line.statusCode === 200)).toBe(true);
    expect(new Set(requestLines.map((line) => line.pid)).size).toBe(2);
  });
});
