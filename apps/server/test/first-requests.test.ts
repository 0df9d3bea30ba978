import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { injectAsWarmUp, whileWarmingUp } from '../src/http/warm-up-principal.js';
import { createLogger } from '../src/ops/logger.js';
import { buildServerApp } from '../src/server-app.js';
import { seedWorld } from '../src/world/seed.js';
import { useTestDatabase } from './database.js';
import { authHeader } from './factories.js';
import { freePort } from './free-port.js';
import { addressesToLookUp, createFirstCustomer, lookupUrl, median } from './support/first-requests.js';
import { watchFirstRunFunctions } from './support/first-run-functions.js';

/**
 * Issues 45 item 9 and 46: the first sign-in and the first lookup after start cost at most about
 * twice a warm one, because the server warms their paths at start (server-app.ts). Timed on an
 * app built as `npm start` builds it, once its warm-up is done. The machine is shared, so the bound
 * has a margin (3× the warm median plus a few milliseconds): without the warm-up the first lookup
 * took 4–10× a warm one, mostly opening pool connections (the CPU it costs is about 2× either way).
 * The sign-in is timed on a server process of its own (the first sign-in after start took 8.4 s, the
 * next 2.2 s, before the warm-up).
 */
// From before the app is built: which functions a request runs for the first time in this process.
const firstRun = await watchFirstRunFunctions();
const { db, url } = await useTestDatabase();
await seedWorld(url, { properties: 300 });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-test-first-'));
// The app's log lines, as `npm start` writes them: the warm-up says what it ran.
const logLines: Record<string, unknown>[] = [];
const log = createLogger({ level: 'info', stream: { write: (line: string) => logLines.push(JSON.parse(line)) } });
const app = await buildServerApp(loadConfig({ PORT: '0', DATABASE_URL: url, DATA_DIR: dataDir }), db, { log });
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const { user } = await createFirstCustomer(db);
const places = await addressesToLookUp(db, 8);
await app.warmedUp;

/** main.ts in a child process on this database, once it listens (after its warm-up: server-app.ts listenWhenWarm). */
async function startServerProcess(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'child'),
      ZVIEW_ROLE: 'server',
      WORLD_PROPERTIES: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (data: Buffer) => {
      output += data.toString();
      if (output.includes('is running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before warming up:\n${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function countRows(
  table: 'usage_events' | 'usage_rollup' | 'property_lookups' | 'audit_log' | 'login_throttles' | 'session_tokens',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function timed(run: () => Promise<{ statusCode: number }>): Promise<number> {
  const t0 = performance.now();
  const res = await run();
  const ms = performance.now() - t0;
  expect(res.statusCode).toBe(200);
  return ms;
}

describe('the first requests after start', () => {
  it('the warm-up at start writes nothing: no usage, billing, recent lookup, audit, throttle or session row', async () => {
    expect(await countRows('usage_events')).toBe(0);
    expect(await countRows('usage_rollup')).toBe(0);
    expect(await countRows('property_lookups')).toBe(0);
    expect(await countRows('audit_log')).toBe(0);
    expect(await countRows('login_throttles')).toBe(0);
    expect(await countRows('session_tokens')).toBe(0);
  });

  it('the warm-up ran the whole lookup route: authentication to the 401 of nobody, then 200s as its principal', () => {
    const warmed = logLines.find((line) => line.msg === 'lookup path warmed') as
      { route: { nobody: Record<string, number>; principal: Record<string, number> } } | undefined;
    expect(warmed).toBeDefined();
    // Nobody's token: verified, then refused where the user is read.
    expect(Object.keys(warmed!.route.nobody)).toEqual(['401']);
    // The principal: every run answered a full assessment (geocoder, reads, scores, usage, JSON).
    expect(Object.keys(warmed!.route.principal)).toEqual(['200']);
    expect(warmed!.route.principal['200']).toBeGreaterThanOrEqual(12);
    // Each went through the route's hooks to its request log line.
    const answered = logLines.filter(
      (line) =>
        line.msg === 'request' &&
        (line.req as { url: string }).url.startsWith('/api/caribou/v3/property/assessment/zview') &&
        line.statusCode === 200,
    );
    expect(answered.length).toBe(warmed!.route.principal['200']);
  });

  it('the first lookup runs almost no server code for the first time: the warm-up ran it', async () => {
    // Counted, not timed (the machine's load does not move it). Before the warm-up principal the
    // first lookup ran 58 of the server's functions for the first time here (the checks after the
    // user is found, the handler, the usage writer, the weather-event matching); now one
    // (AuthenticatedCache.set, a token's first entry).
    const headers = await authHeader(app, user);
    const { value, firstRun: ran } = await firstRun.window(() =>
      app.inject({ method: 'GET', url: lookupUrl(places[places.length - 1]!), headers }),
    );
    await firstRun.stop();
    expect(value.statusCode).toBe(200);
    const servers = ran.filter((key) => key.includes('/apps/server/src/') || key.includes('/packages/contracts/'));
    // A margin for background work that may first finish inside the window on a slow machine (a
    // change notification's subscriber run by the lookup's fence, the discovery index's load).
    expect(servers.length, servers.join('\n')).toBeLessThanOrEqual(8);
  });

  it('the warm-up principal is reachable only in process, on the lookup route, while a warm-up runs', async () => {
    const url = lookupUrl(places[0]!);
    const billed = async () =>
      Promise.all([countRows('usage_events'), countRows('usage_rollup'), countRows('property_lookups')]);
    const billedBefore = await billed();
    const unauthenticated = await app.inject({ method: 'GET', url });
    expect(unauthenticated.statusCode).toBe(401);
    // After start-up's warm-up, the principal's own way in is closed.
    const afterWarmUp = await injectAsWarmUp(app, url);
    expect(afterWarmUp.statusCode).toBe(401);
    expect(afterWarmUp.json()).toEqual(unauthenticated.json());
    // During one, only on the lookup route: the organisation's own routes stay closed to it.
    await whileWarmingUp(async () => {
      expect((await injectAsWarmUp(app, '/api/organization')).statusCode).toBe(401);
      expect((await injectAsWarmUp(app, '/api/caribou/property/recent')).statusCode).toBe(401);
      // From outside meanwhile: anything resembling a marker is an ordinary request without credentials.
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      for (const headers of <Record<string, string>[]>[
        {},
        { 'x-zview-warm-up': '1' },
        { 'x-warm-up': 'true', warmup: 'true' },
        { authorization: 'WarmUp 1' },
        { authorization: 'Bearer warm-up' },
      ]) {
        const res = await fetch(`http://127.0.0.1:${port}${url}&warm_up=true`, { headers });
        expect(res.status).toBe(401);
      }
      // The principal itself, here, answers; and bills no one.
      expect((await injectAsWarmUp(app, url)).statusCode).toBe(200);
    });
    expect(await billed()).toEqual(billedBefore);
  });

  it('the warm-up read (here: created) the URL signing secret, which the first lookup used to do', () => {
    // No lookup has run in this app yet: only the warm-up can have made it (the first lookup
    // after start used to pay for the directory, the file and the read).
    expect(existsSync(path.join(dataDir, 'secrets', 'url-signing.key'))).toBe(true);
  });

  it('the first lookup costs about what a warm one does', async () => {
    // Each a property not looked up before (no cache answers it), each with a token not seen before
    // (each pays its verification, as the first does).
    const fresh = await Promise.all(places.map(() => authHeader(app, user)));
    const lookup = (i: number) => () =>
      app.inject({
        method: 'GET',
        url: lookupUrl(places[i]!),
        headers: fresh[i]!,
      });
    const first = await timed(lookup(0));
    const warm: number[] = [];
    for (let i = 1; i < places.length; i += 1) warm.push(await timed(lookup(i)));
    expect(first).toBeLessThanOrEqual(3 * median(warm) + 15);
  });

  it('the first sign-in to a fresh server process costs about what a warm one does', { timeout: 180_000 }, async () => {
    // A process of its own (main.ts, as `npm start` runs it): this test process has run scrypt
    // and the identity provider already, so a sign-in here could not show what a first one pays.
    const server = await startServerProcess();
    try {
      const signIn = () =>
        fetch(`${server.base}/oidc/api/v1/authn`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: user.email, password: user.password }),
        }).then(async (res) => (await res.text(), { statusCode: res.status }));
      // The server process's CPU (user + system, every thread: scrypt runs on libuv's pool), read
      // from its /metrics before and after: unlike wall time, it does not grow with the machine's load.
      const cpuSeconds = () =>
        fetch(`${server.base}/metrics`)
          .then((res) => res.text())
          .then((text) => Number(/^process_cpu_seconds_total (\S+)$/m.exec(text)?.[1]));
      const measured = async () => {
        const cpu0 = await cpuSeconds();
        const ms = await timed(signIn);
        return { ms, cpuMs: ((await cpuSeconds()) - cpu0) * 1000 };
      };
      // This process's client warmed first (its own first fetch is not the server's cost).
      await fetch(`${server.base}/version`).then((res) => res.text());
      // Start-up work that runs in the background after listen (the discovery index's load, the
      // pool's first connections' housekeeping) is not the sign-in's: its CPU landed in the first
      // sign-in's window once (164 ms against a warm 34 ms). Wait until the process is idle: less
      // than 5 ms of CPU in a quarter of a second, or 10 s at most.
      for (let i = 0, last = await cpuSeconds(); i < 40; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const now = await cpuSeconds();
        if ((now - last) * 1000 < 5) break;
        last = now;
      }
      const first = await measured();
      const warm: { ms: number; cpuMs: number }[] = [];
      for (let i = 0; i < 4; i += 1) warm.push(await measured());
      // The server's work for the first sign-in: at most about twice a warm one's (issue 46), plus a
      // few ms for the scrapes. Before the warm-up covered the route it was 1.5× on a quiet machine
      // and the wall time 4–5× under load (the first sign-in shared the loop with the warm-up).
      expect(first.cpuMs).toBeLessThanOrEqual(2 * median(warm.map((w) => w.cpuMs)) + 10);
      // Wall time on a loaded CI machine also waits for cores and for commits' disk flushes (seconds
      // apart between runs at load 15): a wide margin, catching the fault of issue 45 item 9 (8.4 s
      // against 2.2 s).
      expect(first.ms).toBeLessThanOrEqual(10 * median(warm.map((w) => w.ms)) + 250);
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});
