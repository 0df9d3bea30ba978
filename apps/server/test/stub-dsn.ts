import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/**
 * A stub Sentry-compatible ingest on 127.0.0.1: records every envelope posted to
 * /api/{project}/envelope/ as its raw text and its parsed items.
 */
export async function startStubDsn() {
  const envelopes: { raw: string; items: Record<string, unknown>[] }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const raw = body.toString('utf8');
      const items = raw
        .split('\n')
        .filter((line) => line.trim().startsWith('{'))
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return {};
          }
        });
      envelopes.push({ raw, items });
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
