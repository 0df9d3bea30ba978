/**
 * Downloads one URL over and over on a thread of its own until told to stop, then answers how
 * many files and bytes it read (the lookup bench's exports beside lookups). A client of the API
 * is another machine: reading the downloads on the bench's main thread, which is also the API's,
 * put the client's work (and its garbage) in the way of the lookups being measured.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

interface DownloadJob {
  port: number;
  urlPath: string;
  headers: Record<string, string>;
  loops: number;
}

const job = workerData as DownloadJob;
let stop = false;
parentPort!.on('message', () => (stop = true));

function download(): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: job.port, path: job.urlPath, headers: job.headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`export ${res.statusCode}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

let files = 0;
let bytes = 0;
await Promise.all(
  Array.from({ length: job.loops }, async () => {
    while (!stop) {
      bytes += await download();
      files += 1;
    }
  }),
);
parentPort!.postMessage({ files, bytes });
