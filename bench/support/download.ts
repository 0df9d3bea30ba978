import { spawn } from 'node:child_process';

/**
 * Downloads `url` in a process of its own, as a real client does (a browser, a customer's script:
 * never on the server's thread), counting the bytes: the time from request to the last byte as
 * that process measured it. In the bench's own process the client's reading of 150 MB took about
 * as much CPU as the server's writing, on the API's thread.
 */
export function downloadElsewhere(
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; bytes: number; status: number }> {
  const client = `
    const http = require('node:http');
    const [url, headers] = JSON.parse(process.argv[1]);
    const begin = performance.now();
    http.get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => console.log(JSON.stringify({ ms: performance.now() - begin, bytes, status: res.statusCode })));
    }).on('error', (error) => { console.error(error.message); process.exit(1); });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', client, JSON.stringify([url, headers])], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as { ms: number; bytes: number; status: number })
        : reject(new Error(`download exited ${code}`)),
    );
  });
}
