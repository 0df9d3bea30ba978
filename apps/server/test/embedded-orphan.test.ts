import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded.js';

/**
 * Issue 39: a Z-VIEW killed with SIGKILL (or by the OOM killer) runs no exit hook, so its
 * embedded PostgreSQL keeps running on the data folder. The next start must come up on the same
 * folder by itself (the orphan is shut down cleanly, the committed row survives), and must still
 * refuse a folder whose Z-VIEW is alive.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, 'fixtures/hold-embedded-postgres.ts');
const temp = mkdtempSync(path.join(os.tmpdir(), 'zview-orphan-'));
const dataDir = path.join(temp, 'pg');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    // Stopped.
  }
  rmSync(temp, { recursive: true, force: true });
});

/** A separate Node process holding the database, resolved once it has written its row. */
function holder(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready ')) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`holder exited ${code}: ${output}`)));
  });
}

function postmasterPid(): number {
  return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the embedded PostgreSQL of a killed Z-VIEW', () => {
  it('refuses a data folder whose Z-VIEW is alive, and takes it over once that Z-VIEW was SIGKILLed', async () => {
    const owner = await holder();
    const orphan = postmasterPid();

    await expect(startEmbeddedPostgres({ dataDir, port: 0 })).rejects.toThrow(/another running Z-VIEW/);
    expect(alive(orphan)).toBe(true);

    owner.kill('SIGKILL');
    await new Promise((resolve) => owner.once('exit', resolve));
    // No exit hook ran: the PostgreSQL outlives its parent.
    expect(alive(orphan)).toBe(true);

    const database = await startEmbeddedPostgres({ dataDir, port: 0 });
    try {
      expect(alive(orphan)).toBe(false);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query('SELECT note FROM kept');
      await client.end();
      expect(rows).toEqual([{ note: 'written before the kill' }]);
    } finally {
      await database.stop();
    }
  }, 120_000);
});
