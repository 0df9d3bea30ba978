import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestWorld } from '../world.js';

// `npm run world -- capture …` and `… release zfire` (issue 41) as a user runs them, on a tiny world.
const { db, url } = await useTestWorld({ properties: 300 });
const CLI = fileURLToPath(new URL('../../src/world/cli.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-world-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function world(...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir },
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run world -- capture | release', () => {
  it('re-images a neighbourhood (roofs replaced, recorded as a capture with the features it moved) and releases a model', async () => {
    const area = await db.selectFrom('neighbourhoods').select('id').orderBy('id').executeTakeFirstOrThrow();
    const capture = await world(
      'capture',
      '--neighbourhood',
      area.id,
      '--date',
      '2026-10-01',
      '--roofs',
      '1',
      '--trees',
      '0',
    );
    expect(capture.code, capture.stderr).toBe(0);
    const report = JSON.parse(capture.stdout.slice(capture.stdout.indexOf('{'))) as {
      changeId: string;
      captures: string[];
      roofsReplaced: number;
      treesGrown: number;
    };
    expect(report.roofsReplaced).toBeGreaterThan(0);
    expect(report.treesGrown).toBe(0);
    expect(report.captures).toEqual([`${area.id}-m20261001`]);
    const change = await db
      .selectFrom('world_changes')
      .selectAll()
      .where('id', '=', report.changeId)
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({ cause: 'capture', cause_id: `${area.id}-m20261001`, processed_at: null });
    const moved = Object.values(change.moved_features ?? {});
    // Each property whose buildings got a new roof (a property may have several buildings).
    const roofed = await db
      .selectFrom('buildings')
      .innerJoin('properties', 'properties.id', 'buildings.property_id')
      .select('properties.id')
      .distinct()
      .where('properties.neighbourhood_id', '=', area.id)
      .execute();
    expect(Object.keys(change.moved_features ?? {}).sort()).toEqual(roofed.map((r) => r.id).sort());
    expect(moved.every((keys) => keys.join() === 'roof_install_year,roof_condition')).toBe(true);
    const roofs = await db
      .selectFrom('buildings')
      .innerJoin('properties', 'properties.id', 'buildings.property_id')
      .select(['buildings.roof_install_year', 'buildings.roof_condition'])
      .where('properties.neighbourhood_id', '=', area.id)
      .execute();
    expect(roofs.every((r) => r.roof_install_year === 2026 && r.roof_condition === 'good')).toBe(true);
    const capturedImagery = await db
      .selectFrom('imagery_captures')
      .select('captured_on')
      .where('id', '=', `${area.id}-m20261001`)
      .executeTakeFirst();
    expect(capturedImagery).toBeDefined();

    const release = await world('release', 'zfire', '--version', 'zfire-9.9.9', '--date', '2026-10-02');
    expect(release.code, release.stderr).toBe(0);
    const released = await db
      .selectFrom('world_changes')
      .select(['cause', 'cause_id', 'product', 'occurred_on', 'moved_features'])
      .where('cause', '=', 'model')
      .executeTakeFirstOrThrow();
    expect(released).toMatchObject({ cause: 'model', cause_id: 'zfire-9.9.9', product: 'zfire', moved_features: null });
    expect(released.occurred_on.toISOString().slice(0, 10)).toBe('2026-10-02');
    // Mistakes are refused with the reason, nothing recorded.
    const noDate = await world('capture', '--neighbourhood', area.id);
    expect(noDate.code).toBe(1);
    expect(noDate.stderr).toContain('--date YYYY-MM-DD is required');
    const noProduct = await world('release', 'zbogus');
    expect(noProduct.code).toBe(1);
    expect(noProduct.stderr).toContain('release needs a portfolio product: zfire');
    expect(await db.selectFrom('world_changes').select('id').execute()).toHaveLength(2);
  }, 240_000);
});
