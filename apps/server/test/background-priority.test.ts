import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, asBackgroundDb, type Db } from '../src/db/database.js';
import { withExportCopies } from '../src/db/portfolio-export.js';
import { closeOffLoopPool, renderOffLoop } from '../src/domain/off-loop/pool.js';
import { superviseWorkerProcess } from '../src/jobs/worker-supervisor.js';
import { niceOf, threadNiceness } from '../src/ops/priority.js';
import { useTestDatabase } from './database.js';

/**
 * Issue 46: background work runs at a lower CPU priority than the API's thread, so a lookup beside
 * exports and a portfolio run gets a core first: the render threads, every thread of the
 * portfolio worker process, and the PostgreSQL backends serving them (the test database is this
 * machine's own). Nice values are read from /proc, as the kernel schedules by them. Each part uses
 * a niceness of its own (OFF_LOOP_NICENESS) so it cannot be mistaken for another's.
 */
const { db, url } = await useTestDatabase();
afterAll(() => closeOffLoopPool());

/** The nice value of each backend of this database other than `db`'s own connection. */
async function backendNiceness(on: Db): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(on);
  return rows.map((r) => niceOf(`/proc/${r.pid}/task/${r.pid}`)).filter((n) => !Number.isNaN(n));
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The state `read` gives of a fresh background pool's backend (niced at 5) while `env` is set,
 * read again until `done` or `ms`: the I/O class and CPU policy are set by child processes beside
 * the connection, so the test waits for them.
 */
async function backgroundBackendState(
  env: Record<string, string | undefined>,
  read: (pid: number) => string,
  done: (state: string) => boolean,
  ms: number,
): Promise<string> {
  for (const [name, value] of Object.entries(env)) if (value) process.env[name] = value;
  const { db: background, pool } = createDb(url, 1);
  asBackgroundDb(background, 5);
  try {
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(background);
    return await until(() => read(rows[0]!.pid), done, ms);
  } finally {
    for (const name of Object.keys(env)) delete process.env[name];
    await pool.end();
  }
}

describe.skipIf(process.platform !== 'linux')('background work runs niced', () => {
  it('a render thread lowers its own priority and its database backends’, not the API thread’s', async () => {
    process.env.OFF_LOOP_NICENESS = '7';
    try {
      const file = renderOffLoop({ kind: 'accumulation-file', format: 'csv', runId: -1, by: 'county' }, db);
      for await (const chunk of file) expect(chunk).toBeDefined();
    } finally {
      delete process.env.OFF_LOOP_NICENESS;
    }
    const threads = threadNiceness();
    // The render thread (and nothing else of this process) runs at 7; this thread stays at its value.
    expect(threads.filter((t) => t.nice === 7).length, JSON.stringify(threads)).toBeGreaterThanOrEqual(1);
    expect(niceOf()).toBeLessThan(7);
    // The render's connection stays open in the thread's pool: its backend runs at 7 as well.
    expect(await backendNiceness(db)).toContain(7);
  });

  it('background work’s connections ask for no parallel workers and spread their writes', async () => {
    const { db: background, pool } = createDb(url, 1);
    asBackgroundDb(background, 0);
    try {
      const { rows } = await sql<{ gather: string; maintenance: string; flush: string }>`
        SELECT current_setting('max_parallel_workers_per_gather') AS gather,
               current_setting('max_parallel_maintenance_workers') AS maintenance,
               current_setting('backend_flush_after') AS flush`.execute(background);
      expect(rows[0]).toEqual({ gather: '0', maintenance: '0', flush: '256kB' });
    } finally {
      await pool.end();
    }
  });

  it('background work’s backends run under SCHED_IDLE when BACKGROUND_CPU_POLICY=idle, and not unless', async () => {
    const policy = (pid: number) => execFileSync('chrt', ['-p', String(pid)], { encoding: 'utf8' }).split('\n')[0]!;
    try {
      policy(process.pid);
    } catch {
      return; // util-linux's chrt is not installed here: the policy is skipped silently, as in production.
    }
    const policyOf = (set: string | undefined) =>
      backgroundBackendState(
        { BACKGROUND_CPU_POLICY: set },
        policy,
        (p) => p.includes('SCHED_IDLE'),
        set ? 10_000 : 1000,
      );
    expect(await policyOf('idle')).toMatch(/SCHED_IDLE$/);
    expect(await policyOf(undefined)).toMatch(/SCHED_OTHER$/);
  });

  it('an export’s second COPY connection, opened beside its pool, runs at the pool’s niceness', async () => {
    const { db: niced, pool } = createDb(url, 2);
    asBackgroundDb(niced, 11);
    try {
      let seen: number[] = [];
      // No such portfolio or run: both COPYs are empty, but both connections are open meanwhile.
      await withExportCopies(niced, -1, -1, async (rows, results) => {
        const { rows: second } = await sql<{ pid: number }>`
          SELECT pid FROM pg_stat_activity WHERE application_name = 'zview-export' AND datname = current_database()`.execute(
          db,
        );
        seen = second.map((r) => niceOf(`/proc/${r.pid}/task/${r.pid}`));
        for await (const chunk of rows) expect(chunk).toBeDefined();
        for await (const chunk of results!) expect(chunk).toBeDefined();
      });
      expect(seen).toEqual([11]);
    } finally {
      await pool.end();
    }
  });

  it('the portfolio worker process runs every thread and its backends niced', async () => {
    const worker = superviseWorkerProcess({
      databaseUrl: url,
      env: { OFF_LOOP_NICENESS: '13', LOG_LEVEL: 'warn' },
      log: () => {},
    });
    try {
      const pid = await until(
        () => worker.pid(),
        (p) => p !== undefined,
      );
      // Once it is connected, its pool's backends run at 13 (the worker renices them); so does
      // each of its threads (reniced by the supervisor at fork and by the worker itself at start,
      // so that V8's helper threads started before either are included).
      const backends = await until(
        () => backendNiceness(db),
        (n) => n.includes(13),
      );
      expect(backends).toContain(13);
      const threads = threadNiceness(pid!);
      expect(threads.length).toBeGreaterThan(3);
      expect(
        threads.filter((t) => t.nice !== 13),
        JSON.stringify(threads),
      ).toEqual([]);
    } finally {
      await worker.stop();
    }
  }, 90_000);
});
