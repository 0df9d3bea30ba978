/**
 * Reading back an XLSX export (the tests' readWithExcelJs, apps/server/test/support/xlsx-read.ts):
 * exceljs' whole-workbook load against its streaming reader, on sheets our writer (io/xlsx.ts)
 * writes of XLSX_READ_ROWS rows each (default 10,000, 50,000 and 200,000) shaped as a product
 * export (16 columns: originals, score, level, factors, precision, model version). Each reading
 * runs in a child process of its own, so its peak RSS is its own; CPU is the child's user + system.
 * Run: npx tsx bench/xlsx-read.ts  (XLSX_READ_ROWS=10000,50000 for fewer; XLSX_READ_READERS=stream for
 * the streaming reader alone: the whole-workbook load grows about quadratically, ~35 min of CPU at 200k)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { xlsxFromPages, type XlsxCell } from '../apps/server/src/domain/portfolio/io/xlsx.js';
import { readWithExcelJs } from '../apps/server/test/support/xlsx-read.js';
import { loadavg, mb } from './support/figures.js';

type Reader = 'load' | 'stream';

/** The whole-workbook reading the tests used before (Workbook.xlsx.load, then eachRow). */
async function readWhole(file: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => values[i] ?? null));
  });
  return rows;
}

async function* exportPages(rows: number): AsyncGenerator<XlsxCell[][]> {
  yield [
    [
      'policy',
      'address',
      'lat',
      'lon',
      'value',
      'notes',
      'latitude',
      'longitude',
      'matched_address',
      'score',
      'risk_level',
      'confidence',
      'top_factors',
      'geocode_precision',
      'model_version',
      'problem',
    ],
  ];
  for (let first = 1; first <= rows; first += 5_000) {
    const page: XlsxCell[][] = [];
    for (let k = first; k < Math.min(first + 5_000, rows + 1); k += 1)
      page.push([
        `P-${k}`,
        `${k} Main St, Wichita, KS 67203`,
        37.7 + k / 1e6,
        -97.3 - k / 1e6,
        k * 1000,
        k % 7 ? null : 'note',
        37.7 + k / 1e6,
        -97.3 - k / 1e6,
        `${k} MAIN ST, WICHITA, KS 67203`,
        (k % 100) / 10,
        k % 3 ? 'low' : 'high',
        0.93,
        'Vegetation cover; Roof material; Defensible space',
        'coordinates',
        'zfire-2.4.0',
        null,
      ]);
    yield page;
  }
}

async function child(file: string, reader: Reader) {
  const bytes = readFileSync(file);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const rows = await (reader === 'load' ? readWhole(bytes) : readWithExcelJs(bytes));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(
    JSON.stringify({
      rows: rows.length,
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      maxRssKb: process.resourceUsage().maxRSS,
    }),
  );
}

async function main() {
  const readers = (process.env.XLSX_READ_READERS ?? 'load,stream').split(',') as Reader[];
  const sizes = (process.env.XLSX_READ_ROWS ?? '10000,50000,200000').split(',').map(Number);
  const work = mkdtempSync(path.join(os.tmpdir(), 'zview-xlsx-read-'));
  const self = fileURLToPath(import.meta.url);
  try {
    console.log(`load average ${loadavg()}`);
    for (const rows of sizes) {
      const file = path.join(work, `${rows}.xlsx`);
      writeFileSync(file, await buffer(xlsxFromPages(exportPages(rows), 'Book')));
      for (const reader of readers) {
        const out = execFileSync(process.execPath, ['--import', 'tsx', self, 'child', file, reader], {
          maxBuffer: 1 << 20,
        }).toString();
        const r = JSON.parse(out) as { rows: number; ms: number; cpuMs: number; maxRssKb: number };
        if (r.rows !== rows + 1) throw new Error(`${reader} read ${r.rows} rows of ${rows + 1}`);
        console.log(
          `${rows.toLocaleString('en-US')} rows, ${reader.padEnd(6)}: ${(r.ms / 1000).toFixed(1)} s (CPU ${(r.cpuMs / 1000).toFixed(1)} s), ` +
            `${Math.round((rows / r.cpuMs) * 1000).toLocaleString('en-US')} rows per CPU second, peak RSS ${mb(r.maxRssKb * 1024)}`,
        );
      }
    }
    console.log(`load average ${loadavg()}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') await child(process.argv[3]!, process.argv[4] as Reader);
else await main();
