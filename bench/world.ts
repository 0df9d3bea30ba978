// Sample-world benchmark: seeding throughput, then autocomplete and geocoder latency on the seeded
// world. `npm run world -w bench -- --properties 1000000` for the big one (default 20,000).
// Uses DATABASE_URL (a scratch database!) or an embedded PostgreSQL in a temporary folder. On an
// existing world pass its size and seed (else it is replaced); `--only autocomplete` measures those only.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { autocompleteAddresses } from '../apps/server/src/domain/geocoder/autocomplete.js';
import { geocodeAddress, geocodeCoordinates } from '../apps/server/src/domain/geocoder/match.js';
import { loadPropertyFeatures } from '../apps/server/src/domain/property/load.js';
import { seedWorld } from '../apps/server/src/world/seed.js';

const { values } = parseArgs({
  options: {
    properties: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '2026' },
    samples: { type: 'string', default: '200' },
    only: { type: 'string' },
  },
});
const properties = Number(values.properties);
const samples = Number(values.samples);

let url = process.env.DATABASE_URL;
let stop: (() => Promise<void>) | undefined;
let dir: string | undefined;
if (!url) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-world-'));
  rmSync(dir, { recursive: true });
  const pg = await startEmbeddedPostgres({ dataDir: dir, port: 0 });
  url = pg.url;
  stop = pg.stop;
}
const { db } = createDb(url, 4);
try {
  await migrateToLatest(db);
  const cpuBefore = process.cpuUsage();
  const pgBefore = dir ? postgresCpuSeconds(dir) : 0;
  const seeded = await seedWorld(url, {
    seed: Number(values.seed),
    properties,
    log: (line) => process.stdout.write(line),
  });
  if (seeded.skipped) console.log('World already present: seeding skipped.');
  else {
    const seconds = seeded.milliseconds / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    console.log(
      `seed: ${seeded.properties.toLocaleString('en-US')} properties, ${seeded.buildings.toLocaleString('en-US')} buildings in ${seconds.toFixed(1)} s = ${Math.round(seeded.properties / seconds).toLocaleString('en-US')} properties/s`,
    );
    // CPU seconds do not depend on what else the machine runs (wall time does): their sum over the core count bounds the wall time on an idle machine.
    const nodeCpu = (cpu.user + cpu.system) / 1e6;
    const pgCpu = dir ? postgresCpuSeconds(dir) - pgBefore : NaN;
    console.log(
      `  CPU: Node ${nodeCpu.toFixed(1)} s (all threads), PostgreSQL ${dir ? `${pgCpu.toFixed(1)} s` : 'n/a (DATABASE_URL)'}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${os.availableParallelism()} cores`,
    );
  }

  const sample = await db
    .selectFrom('properties')
    .select(['id', 'address_line', 'city', 'state', 'zip', 'lat', 'lng'])
    .orderBy('id')
    .where('id', 'like', 'p-%')
    .limit(samples * 50)
    .execute();
  const pick = sample.filter((_, i) => i % 50 === 0).slice(0, samples);
  const typo = (s: string) => s.replace(/([aeiou])/i, '').replace(/ (\w)(\w)/, ' $2$1');

  await measure('autocomplete prefix ("1234 Oak")', pick, (p) =>
    autocompleteAddresses(db, `${p.address_line.split(' ').slice(0, 2).join(' ')}`),
  );
  await measure('autocomplete full street + city', pick, (p) =>
    autocompleteAddresses(db, `${p.address_line}, ${p.city.slice(0, 4)}`),
  );
  await measure('autocomplete fuzzy (typo, no number)', pick, (p) =>
    autocompleteAddresses(db, typo(`${p.address_line.split(' ').slice(1).join(' ')} ${p.city}`)),
  );
  await measure('autocomplete fuzzy (typo, with number)', pick, (p) =>
    autocompleteAddresses(db, typo(`${p.address_line} ${p.city}`)),
  );
  await measure('geocode exact', pick, (p) => geocodeAddress(db, `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`));
  await measure('geocode fuzzy (typo)', pick, (p) =>
    geocodeAddress(db, `${typo(p.address_line)}, ${p.city}, ${p.state} ${p.zip}`),
  );
  await measure('geocode coordinates', pick, (p) => geocodeCoordinates(db, { lat: p.lat + 0.00003, lng: p.lng }));
  await measure('loadPropertyFeatures', pick, (p) => loadPropertyFeatures(db, p.id, '2023-01-01'));
} finally {
  await db.destroy();
  if (stop) await stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** CPU seconds of the embedded PostgreSQL whose data folder is under `dir`: the postmaster (with its reaped backends) and its live children. Linux /proc only. */
function postgresCpuSeconds(dir: string): number {
  const ticks = 100;
  const procs = readdirSync('/proc').flatMap((pid) => {
    if (!/^\d+$/.test(pid)) return [];
    try {
      return [
        {
          pid,
          cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
          stat: readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '),
        },
      ];
    } catch {
      return [];
    }
  });
  const master = procs.find((p) => p.cmd.includes(dir) && p.cmd.includes('postgres'));
  if (!master) return NaN;
  const sum = (p: (typeof procs)[number], fields: number[]) =>
    fields.reduce((s, f) => s + Number(p.stat[f]), 0) / ticks;
  return (
    sum(master, [11, 12, 13, 14]) +
    procs.filter((p) => p.stat[1] === master.pid).reduce((s, p) => s + sum(p, [11, 12]), 0)
  );
}

async function measure<T>(label: string, items: T[], run: (item: T) => Promise<unknown>) {
  if (values.only && !label.includes(values.only)) return;
  for (const item of items.slice(0, 10)) await run(item); // warm-up
  const times: number[] = [];
  for (const item of items) {
    const started = performance.now();
    await run(item);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${label.padEnd(40)} n=${times.length}  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${at(1)} ms`);
}
