import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/version`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer at ${url} within ${timeoutMs} ms`);
}

export interface RunningApp {
  baseUrl: string;
  /** The product's DATA_DIR (its embedded PostgreSQL and blob store), for tests that run the world CLI on it. */
  dataDir: string;
  stop(): Promise<void>;
}

/** Builds the web app as it ships (production React, with the map harness page). */
export function buildWebApp(): void {
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test what ships.
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'pipe',
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', ZVIEW_BUILD_HARNESS: '1' },
  });
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  // The build warnings a newcomer would wonder about were fixed or silenced with a reason (issue 45):
  // a new one fails here rather than scrolling by.
  const warnings = `${build.stdout}\n${build.stderr}`
    .split('\n')
    .filter((line) => /deprecated|can't be bundled|larger than \d+ kB|INEFFECTIVE_DYNAMIC_IMPORT/i.test(line));
  if (warnings.length) throw new Error(`web build warned:\n${warnings.join('\n')}`);
}

/**
 * Starts the real product the way `npm start` does (scripts/start.mjs: embedded PostgreSQL,
 * migrations, sample world, demo accounts), on a free port with its own fresh data directory.
 * Used by the browser tests' global setup and by the browser benchmarks.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-e2e-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    // ENV=test: the shell's browser tests use dev sessions (?devSession=); the rest sign in for real.
    env: {
      ...process.env,
      ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      STOP_WHEN_STDIN_CLOSES: '1',
      ...env,
    },
    // stdin is a pipe only so that the product notices this process dying (scripts/start.mjs).
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForServer(baseUrl, child, 150_000);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${output.slice(-4000)}`);
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      // The 15 s limit is cleared once the product has stopped: left running, it held the test
      // runner's process up to 15 s after the run ('close timed out after 10000ms … something
      // prevents the main process from exiting').
      let limit: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (limit = setTimeout(r, 15_000)))]);
      clearTimeout(limit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
