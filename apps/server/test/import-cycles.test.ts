import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles in the server or the web app (house rules, issues 13 and 44). dpdm reads every
 * import, type-only ones included (they vanish at build time, but a circle of types still ties
 * the modules together for a reader), across apps/server/src and apps/web/src and the packages
 * they import. eslint-plugin-import-x's
 * no-cycle did this before, but its resolver's platform packages are not on our registry.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function dependencyTree(entries: string[], context: string) {
  return parseDependencyTree(
    entries.map((entry) => path.join(context, entry)),
    { context, transform: false, exclude: /node_modules/, tsconfig: path.join(context, 'tsconfig.json') },
  );
}

describe('import cycles', () => {
  it('finds a cycle when there is one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cycles-'));
    try {
      await writeFile(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }),
      );
      await writeFile(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
      await writeFile(path.join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
      // A circle of type-only imports counts too.
      await writeFile(path.join(dir, 'c.ts'), "import type { D } from './d.js';\nexport type C = { d?: D };\n");
      await writeFile(path.join(dir, 'd.ts'), "import type { C } from './c.js';\nexport type D = { c?: C };\n");
      const cycles = parseCircular(await dependencyTree(['*.ts'], dir));
      expect(cycles.map((cycle) => [...cycle].sort())).toEqual(
        expect.arrayContaining([
          ['a.ts', 'b.ts'],
          ['c.ts', 'd.ts'],
        ]),
      );
      expect(cycles).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('apps/server/src and apps/web/src have none', async () => {
    const tree = await dependencyTree(['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'], ROOT);
    // The '.js' specifiers resolve to the TypeScript sources (else no edge, and no cycle, would be seen).
    expect(tree['apps/server/src/http/billing.ts']?.map((dependency) => dependency.id)).toContain(
      'apps/server/src/domain/billing/report.ts',
    );
    // A dynamic import() (a lazily loaded part of the page) runs after both modules have loaded, so it
    // cannot cause the half-initialised-module bugs a static cycle does: such edges are skipped.
    const cycles = parseCircular(tree, true);
    expect(prettyCircular(cycles), 'import cycles').toBe('');
    expect(cycles).toEqual([]);
  }, 180_000);
});
