import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiCluster } from '../src/processes/api-cluster.js';
import { useTestDatabase } from './database.js';
import { freePort } from './free-port.js';

/** API_PROCESSES > 1: several processes serve the same port; one that dies is replaced. */
const { url } = await useTestDatabase();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-api-cluster-'));
const port = await freePort();
const cluster = startApiCluster({
  count: 2,
  databaseUrl: url,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    ENV: 'test',
  },
  log: () => {},
});
afterAll(async () => {
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
const health = async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status;

describe('API processes (node:cluster)', () => {
  it('two processes listen on one port and answer', { timeout: 60_000 }, async () => {
    await cluster.ready;
    expect(cluster.pids()).toHaveLength(2);
    for (let i = 0; i < 10; i += 1) expect(await health()).toBe(200);
  });

  it('a process that dies is replaced, and the port keeps answering meanwhile', { timeout: 60_000 }, async () => {
    await cluster.ready;
    const [victim, survivor] = cluster.pids() as [number, number];
    process.kill(victim, 'SIGKILL');
    await expect.poll(() => cluster.pids().includes(victim), { timeout: 5_000 }).toBe(false);
    expect(await health()).toBe(200);
    await expect.poll(() => cluster.pids().length, { timeout: 30_000, interval: 250 }).toBe(2);
    expect(cluster.pids()).toContain(survivor);
    await expect.poll(health, { timeout: 30_000, interval: 250 }).toBe(200);
  });
});
