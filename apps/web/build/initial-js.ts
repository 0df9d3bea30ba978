import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The JavaScript a first load waits for: the entry chunk and every chunk it imports statically (the
 * modulepreloads of index.html), gzip-compressed. Lazy pages, the signed-in shell, the login page and
 * the map are not counted: they load when first used (issue 45).
 */
export interface InitialJavaScript {
  files: string[];
  gzipBytes: number;
}

/** The part of a Rollup/Rolldown output bundle this reads. */
type BundleLike = Record<
  string,
  { type: 'chunk'; isEntry: boolean; name: string; imports: string[]; code: string } | { type: 'asset' }
>;

export function initialJavaScript(bundle: BundleLike, entryName = 'main'): InitialJavaScript | undefined {
  const entry = Object.entries(bundle).find(
    ([, file]) => file.type === 'chunk' && file.isEntry && file.name === entryName,
  );
  if (!entry) return undefined;
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(entry[0]);
  const files = [...seen];
  const gzipBytes = files.reduce((sum, fileName) => {
    const chunk = bundle[fileName];
    return sum + (chunk?.type === 'chunk' ? gzipSync(chunk.code).length : 0);
  }, 0);
  return { files, gzipBytes };
}

export interface InitialJavaScriptBudget {
  /** The build fails above this (KB gzip). It only goes down: lower it when the figure does. */
  ceilingKb: number;
  /** Where it should get to (issue 45: 150 KB). Printed beside the figure. */
  targetKb: number;
}

/** The line the build prints, and whether the figure is over the ceiling. */
export function initialJavaScriptVerdict(figure: InitialJavaScript, budget: InitialJavaScriptBudget) {
  const kb = figure.gzipBytes / 1024;
  const line = `initial JavaScript (entry + ${figure.files.length - 1} preloads): ${kb.toFixed(1)} KB gzip (ceiling ${budget.ceilingKb} KB, target ${budget.targetKb} KB)`;
  return { line, over: kb > budget.ceilingKb };
}

/** Prints the figure after every production build and fails the build above the ceiling. */
export function initialJavaScriptReport(budget: InitialJavaScriptBudget): Plugin {
  return {
    name: 'zview-initial-js-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const figure = initialJavaScript(bundle as unknown as BundleLike);
      if (!figure) return;
      const { line, over } = initialJavaScriptVerdict(figure, budget);
      if (over) this.error(`${line}: over the ceiling. Load what the first screen does not need lazily.`);
      this.info(line);
    },
  };
}
