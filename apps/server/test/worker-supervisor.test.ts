import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { superviseWorkerProcess } from '../src/jobs/worker-supervisor.js';
import { useTestDatabase } from './database.js';

const { url } = await useTestDatabase();
const supervisor = superviseWorkerProcess({ databaseUrl: url, env: { LOG_LEVEL: 'warn' }, log: () => {} });
afterAll(() => supervisor.stop());

describe('the portfolio worker process', () => {
  it('runs at a lower CPU priority than the API (bulk work yields the cores to lookups)', () => {
    const pid = supervisor.pid();
    expect(pid).toBeGreaterThan(0);
    expect(os.getPriority(pid!)).toBe(10);
    expect(os.getPriority(process.pid)).toBeLessThan(10);
  });
});
