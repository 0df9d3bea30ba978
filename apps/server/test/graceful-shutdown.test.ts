import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { useTestDatabase } from './database.js';
import { authHeader, createOrganization, createUser } from './factories.js';
import { freePort } from './free-port.js';

/**
 * SIGTERM to a real server process (main.ts, role server) while an upload is still arriving: the
 * upload completes and is answered, new connections are refused, and the process exits 0.
 */
const { db, url } = await useTestDatabase();
const temp = mkdtempSync(path.join(os.tmpdir(), 'zview-shutdown-'));
const port = await freePort();
const publicUrl = 'http://localhost:0';
// Tokens are signed here with the keys in the shared database; the server process verifies them.
const signer = await buildApp({
  config: loadConfig({ PORT: '0', DATABASE_URL: url, DATA_DIR: path.join(temp, 'signer') }),
  db,
});
const org = await createOrganization(db, { products: ['zfire', 'zfire-portfolio'] });
const user = await createUser(db, { org });
const headers = await authHeader(signer, user);
let child: ChildProcess | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  await signer.close();
  rmSync(temp, { recursive: true, force: true });
});

function startServer(): Promise<ChildProcess> {
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const server = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: path.join(temp, 'server'),
      ZVIEW_ROLE: 'server',
      WORLD_PROPERTIES: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (data: Buffer) => {
      output += data.toString();
      if (output.includes('is running at')) resolve(server);
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

describe('graceful shutdown', () => {
  it('finishes an upload in flight on SIGTERM, refuses new connections, and exits 0', { timeout: 90_000 }, async () => {
    child = await startServer();
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const boundary = 'zviewshutdownboundary';
    const rows = Array.from({ length: 2000 }, (_, i) => `${i},${30 + i / 1000},${-90 - i / 1000}`).join('\n');
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\nContent-Type: text/csv\r\n\r\nid,latitude,longitude\n${rows}\n\r\n--${boundary}--\r\n`,
    );
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/caribou/portfolio/csv',
          headers: {
            ...headers,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': body.length,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      // The body arrives in four parts over about 1.5 s; SIGTERM comes after the first.
      const parts = 4;
      const size = Math.ceil(body.length / parts);
      for (let i = 0; i < parts; i += 1)
        setTimeout(
          () =>
            i === parts - 1
              ? request.end(body.subarray(i * size))
              : request.write(body.subarray(i * size, (i + 1) * size)),
          i * 500,
        );
    });
    await new Promise((resolve) => setTimeout(resolve, 250));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);

    const result = await answer;
    expect(result.status, result.body).toBe(201);
    expect(JSON.parse(result.body)).toMatchObject({ originalFileName: 'slow.csv', check: { layout: 'coordinates' } });
    expect(await exited).toBe(0);
  });
});
