/**
 * What finding an upload's text encoding costs (issue 12), on a ~100 MB CSV in the local blob store:
 * storing it plainly; storing it with the UTF-8 check on the way in (uploads.ts Utf8Check, what an
 * upload does now); and the former whole-file pass (the stored file read once more through a fatal
 * streaming TextDecoder before the upload was answered). Prints the median of ROUNDS.
 *
 *   MB=100 ROUNDS=3 npx tsx bench/upload-encoding.ts
 */
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { observed, Utf8Check } from '../apps/server/src/domain/portfolio/uploads.js';
import { LocalBlobStore } from '../apps/server/src/storage/blob-store.js';
import { writeSamplePortfolioCsv } from './sample-portfolio-csv.js';
import { loadavg } from './support/figures.js';

const MB = Number(process.env.MB ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The former detection: the whole stored file once more through a fatal UTF-8 decoder. */
async function wholeFilePass(blobs: LocalBlobStore, key: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of blobs.read(key)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-encoding-'));
try {
  const file = path.join(dir, 'book.csv');
  await writeSamplePortfolioCsv(file, Math.round((MB * 1024 * 1024) / 60));
  const bytes = statSync(file).size;
  const blobs = new LocalBlobStore(path.join(dir, 'blobs'));
  const plain: number[] = [];
  const checked: number[] = [];
  const pass: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let t = performance.now();
    await blobs.write(`uploads/plain-${round}`, createReadStream(file));
    plain.push(performance.now() - t);
    const check = new Utf8Check();
    t = performance.now();
    await blobs.write(`uploads/checked-${round}`, observed(createReadStream(file), check));
    checked.push(performance.now() - t);
    if (!check.end()) throw new Error('not UTF-8?');
    t = performance.now();
    if (!(await wholeFilePass(blobs, `uploads/plain-${round}`))) throw new Error('not UTF-8?');
    pass.push(performance.now() - t);
    await blobs.delete(`uploads/plain-${round}`);
    await blobs.delete(`uploads/checked-${round}`);
  }
  const [p, c, w] = [median(plain), median(checked), median(pass)];
  console.log(`upload-encoding: ${(bytes / 1024 / 1024).toFixed(1)} MB file, median of ${ROUNDS} (load ${loadavg()})`);
  console.log(`  store the upload                          ${p.toFixed(0)} ms`);
  console.log(`  store with the UTF-8 check on the way in  ${c.toFixed(0)} ms  (+${(c - p).toFixed(0)} ms)`);
  console.log(
    `  former whole-file pass after storing      ${w.toFixed(0)} ms  (+${((100 * w) / p).toFixed(0)}% on the store)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
