import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase, type OpenDatabase } from '../db/open.js';
import { importBuildingFootprints, importParcels } from './importers/geojson.js';
import { parseEpsg } from '../domain/imagery/mosaic/crs.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import {
  importGeoTiff,
  importImageWithBounds,
  importMosaicCapture,
  type ImportedCapture,
} from './importers/imagery.js';
import { importOpenAddresses } from './importers/openaddresses.js';
import { importFilings } from './importers/filings.js';
import { seedFilings } from './filings/seed.js';
import { DEFAULT_WORLD, seedWorld } from './seed.js';
import { recordWorldChange } from '../domain/monitoring/books.js';
import { PRODUCTION_MODELS } from '../domain/portfolio/pipeline/score-index.js';
import { JobQueue } from '../jobs/queue.js';
import { queueMonitoring } from '../jobs/monitoring-jobs.js';
import { PORTFOLIO_PRODUCTS, type PortfolioProduct } from '@zview/contracts';
import { amendBuildings, parseFeatures } from './amend.js';
import { parseArea, recaptureArea } from './recapture.js';
import type { BlobStore } from '../storage/blob-store.js';

const USAGE = `Usage:
  npm run world -- [--properties N] [--seed S]          (re)generate the sample world
  npm run world -- filings [--filings N] [--seed S]       (re)generate the sample filings (100000 for benchmarks)
  npm run world -- import filings FILE.csv|FILE.json     regulatory filings with their documents (text or PDF)
  npm run world -- import openaddresses FILE.csv
  npm run world -- import parcels FILE.geojson
  npm run world -- import buildings FILE.geojson
  npm run world -- import image FILE.tif --date YYYY-MM-DD [--provider NAME] [--crs EPSG:CODE]
                                                          a GeoTIFF/COG mosaic of any size → tile pyramid in the blob store
                                                          (--crs when it has a world file instead of GeoKeys)
  npm run world -- import image FILE.tif --kind oblique --direction north|east|south|west --date YYYY-MM-DD [--provider NAME]
  npm run world -- import image FILE.png|jpg --bounds WEST,SOUTH,EAST,NORTH --date YYYY-MM-DD [--provider NAME]
  npm run world -- capture (--area WEST,SOUTH,EAST,NORTH | --neighbourhood ID) --date YYYY-MM-DD [--roofs 0.2] [--trees 0.3]
                                                          re-image an area: some roofs replaced, trees grown (monitored books follow)
  npm run world -- permit|correct --property ID[,ID] --set KEY=VALUE[,KEY=VALUE] [--date YYYY-MM-DD] [--reference R]
                                                          a permit or a correction of building features (roof_material, footprint_sqft,
                                                          roof_install_year…): monitored books follow, each change says what moved
  npm run world -- release PRODUCT [--version V] [--date YYYY-MM-DD]
                                                          a model version released: monitored books not pinned are re-scored
Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (default ./data).`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      properties: { type: 'string', default: String(DEFAULT_WORLD.properties) },
      seed: { type: 'string', default: String(DEFAULT_WORLD.seed) },
      date: { type: 'string' },
      provider: { type: 'string', default: 'Imported' },
      kind: { type: 'string', default: 'ortho' },
      direction: { type: 'string' },
      bounds: { type: 'string' },
      crs: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      filings: { type: 'string', default: '3000' },
      area: { type: 'string' },
      neighbourhood: { type: 'string' },
      roofs: { type: 'string' },
      trees: { type: 'string' },
      version: { type: 'string' },
      property: { type: 'string' },
      set: { type: 'string' },
      reference: { type: 'string' },
    },
  });
  if (values.help) return console.log(USAGE);
  const config = loadConfig();
  const database = await openDatabase(config, { log: (line) => process.stdout.write(line) });
  try {
    if (positionals[0] === 'import')
      await runImport(database, positionals.slice(1), values, {
        storageDir: path.join(config.dataDir, 'imagery'),
        blobs: () => createBlobStore(config.blobStore),
      });
    else if (positionals[0] === 'capture') await runCapture(database, values);
    else if (positionals[0] === 'release') await runRelease(database, positionals[1], values);
    else if (positionals[0] === 'permit' || positionals[0] === 'correct')
      await runAmend(database, positionals[0] === 'permit' ? 'permit' : 'correction', values);
    else if (positionals[0] === 'filings') {
      const filings = Number(values.filings);
      if (!Number.isInteger(filings) || filings < 0 || filings > 2_000_000)
        throw new Error('--filings must be an integer between 0 and 2,000,000');
      const result = await seedFilings(database.url, {
        seed: Number(values.seed),
        filings,
        log: (line) => process.stdout.write(line),
      });
      console.log(
        result.skipped
          ? 'Those filings are already there.'
          : `Seeded ${filings} filings (${result.pages} pages) in ${(result.milliseconds / 1000).toFixed(1)} s.`,
      );
    } else if (positionals.length) throw new Error(USAGE);
    else await generate(database, values);
  } finally {
    await database.close();
  }
}

async function generate(database: OpenDatabase, values: { properties?: string; seed?: string }) {
  const properties = Number(values.properties);
  const seed = Number(values.seed);
  if (!Number.isInteger(properties) || properties < 1 || properties > 50_000_000)
    throw new Error('--properties must be an integer between 1 and 50,000,000');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const result = await seedWorld(database.url, { seed, properties, log: (line) => process.stdout.write(line) });
  if (result.skipped) {
    console.log(`A world with seed ${seed} and ${properties.toLocaleString('en-US')} properties is already there.`);
    return;
  }
  const seconds = result.milliseconds / 1000;
  const n = (x: number) => x.toLocaleString('en-US');
  console.log(
    `Seeded ${n(result.properties)} properties, ${n(result.buildings)} buildings, ${n(result.permits)} permits, ` +
      `${n(result.events)} weather events, ${n(result.captures)} imagery captures, ${n(result.hazardCells)} hazard cells ` +
      `in ${seconds.toFixed(1)} s (${n(Math.round(result.properties / seconds))} properties/s).`,
  );
}

async function runImport(
  database: OpenDatabase,
  [kind, file]: string[],
  values: { date?: string; provider?: string; kind?: string; direction?: string; bounds?: string; crs?: string },
  { storageDir, blobs }: { storageDir: string; blobs: () => BlobStore },
) {
  if (!kind || !file) throw new Error(USAGE);
  const { db } = database;
  let report: unknown;
  if (kind === 'filings') report = await importFilings(db, file);
  else if (kind === 'openaddresses') report = await importOpenAddresses(db, file);
  else if (kind === 'parcels') report = await importParcels(db, file);
  else if (kind === 'buildings') report = await importBuildingFootprints(db, file);
  else if (kind === 'image') {
    if (!values.date) throw new Error('--date YYYY-MM-DD is required for an image');
    const info = {
      capturedOn: values.date,
      provider: values.provider ?? 'Imported',
      kind: values.kind === 'oblique' ? ('oblique' as const) : ('ortho' as const),
      direction: (values.direction ?? null) as 'north' | 'east' | 'south' | 'west' | null,
      storageDir,
    };
    if (/\.tiff?$/i.test(file) && info.kind === 'ortho') {
      let last = 0;
      report = await importMosaicCapture(db, blobs(), file, {
        capturedOn: info.capturedOn,
        provider: info.provider,
        epsg: values.crs ? parseEpsg(values.crs) : undefined,
        onProgress: ({ blocks, totalBlocks, tiles }) => {
          if (Date.now() - last < 2000 && blocks < totalBlocks) return;
          last = Date.now();
          process.stdout.write(`  ${blocks}/${totalBlocks} blocks, ${tiles} tiles\n`);
        },
      });
    } else if (/\.tiff?$/i.test(file)) report = await importGeoTiff(db, file, info);
    else {
      const [west, south, east, north] = (values.bounds ?? '').split(',').map(Number);
      if ([west, south, east, north].some((v) => v === undefined || Number.isNaN(v)))
        throw new Error('--bounds WEST,SOUTH,EAST,NORTH is required for a PNG or JPEG');
      report = await importImageWithBounds(db, file, { west: west!, south: south!, east: east!, north: north! }, info);
    }
    // A new capture over an area: monitored books re-score the rows under it (issue 41).
    const capture = report as ImportedCapture;
    await recordWorldChange(db, {
      cause: 'capture',
      causeId: capture.id,
      description: `Imagery imported, captured ${values.date}`,
      occurredOn: values.date,
      area: capture.bounds,
    });
    await queueMonitoringFrom(database);
  } else throw new Error(USAGE);
  console.log(JSON.stringify(report, null, 2));
}

/** Queues the monitoring job on the database's queue (a worker applies the change). */
async function queueMonitoringFrom(database: OpenDatabase) {
  const queue = new JobQueue(database.db);
  try {
    await queueMonitoring(queue);
  } finally {
    await queue.stop();
  }
}

async function runCapture(
  database: OpenDatabase,
  values: { area?: string; neighbourhood?: string; date?: string; roofs?: string; trees?: string; provider?: string },
) {
  if (!values.date) throw new Error('--date YYYY-MM-DD is required');
  const report = await recaptureArea(database.db, {
    date: values.date,
    ...(values.area ? { area: parseArea(values.area) } : {}),
    ...(values.neighbourhood ? { neighbourhoodId: values.neighbourhood } : {}),
    ...(values.roofs !== undefined ? { roofShare: Number(values.roofs) } : {}),
    ...(values.trees !== undefined ? { treeShare: Number(values.trees) } : {}),
    ...(values.provider && values.provider !== 'Imported' ? { provider: values.provider } : {}),
  });
  await queueMonitoringFrom(database);
  console.log(JSON.stringify(report, null, 2));
}

async function runAmend(
  database: OpenDatabase,
  cause: 'permit' | 'correction',
  values: { property?: string; set?: string; date?: string; reference?: string },
) {
  const report = await amendBuildings(database.db, {
    cause,
    propertyIds: (values.property ?? '').split(',').filter(Boolean),
    features: parseFeatures(values.set ?? ''),
    date: values.date ?? new Date().toISOString().slice(0, 10),
    ...(values.reference ? { reference: values.reference } : {}),
  });
  await queueMonitoringFrom(database);
  console.log(JSON.stringify(report, null, 2));
}

async function runRelease(
  database: OpenDatabase,
  product: string | undefined,
  values: { version?: string; date?: string },
) {
  if (!product || !(PORTFOLIO_PRODUCTS as readonly string[]).includes(product))
    throw new Error(`release needs a portfolio product: ${PORTFOLIO_PRODUCTS.join(', ')}`);
  const version = values.version ?? PRODUCTION_MODELS[product as PortfolioProduct].modelVersion;
  const changeId = await recordWorldChange(database.db, {
    cause: 'model',
    causeId: version,
    description: `Model ${version} released`,
    product,
    occurredOn: values.date ?? new Date().toISOString().slice(0, 10),
  });
  await queueMonitoringFrom(database);
  console.log(JSON.stringify({ changeId, product, version }, null, 2));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
