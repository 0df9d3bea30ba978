import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The JavaScript a screen waits for before it shows: the entry chunk, the screen's chunk (a
 * dynamic import the entry starts at once, e.g. the login page's `login-shell`) and every chunk
 * they import statically, gzip-compressed, each file once. What loads later (the sign-in code
 * after the login page has painted, lazy pages, the map) is not counted (issue 45).
 */
export interface InitialJavaScript {
  files: string[];
  gzipBytes: number;
}

/** The part of a Rollup/Rolldown output bundle this reads. */
type BundleLike = Record<
  string,
  | { type: 'chunk'; isEntry: boolean; isDynamicEntry?: boolean; name: string; imports: string[]; code: string }
  | { type: 'asset' }
>;

/**
 * The entry named `entryName` and, when given, the dynamic chunk(s) named by `screen` (the chunks a
 * screen asks for at once), with their static imports. Undefined when any is missing from the bundle.
 */
export function initialJavaScript(
  bundle: BundleLike,
  entryName = 'main',
  screen?: string | string[],
): InitialJavaScript | undefined {
  const chunkNamed = (name: string, entry: boolean) =>
    Object.entries(bundle).find(
      ([, file]) =>
        file.type === 'chunk' && file.name === name && (entry ? file.isEntry : (file.isDynamicEntry ?? !file.isEntry)),
    )?.[0];
  const screens = screen === undefined ? [] : typeof screen === 'string' ? [screen] : screen;
  const roots = [chunkNamed(entryName, true), ...screens.map((name) => chunkNamed(name, false))];
  if (roots.some((root) => root === undefined)) return undefined;
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  roots.forEach((root) => visit(root!));
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
export function initialJavaScriptVerdict(
  figure: InitialJavaScript,
  budget: InitialJavaScriptBudget,
  label = 'initial JavaScript',
) {
  const kb = figure.gzipBytes / 1024;
  // ✓ once the figure is within the target (issue 45: 150 KB), ✗ while it is not.
  const mark = kb <= budget.targetKb ? '✓' : '✗';
  const line = `${label} (${figure.files.length} files): ${kb.toFixed(1)} KB gzip ${mark} (ceiling ${budget.ceilingKb} KB, target ${budget.targetKb} KB)`;
  return { line, over: kb > budget.ceilingKb };
}

export interface FirstScreens {
  /** The chunk of the login page, the first screen of a person not signed in: held to the budget. */
  login: string;
  /**
   * The chunks the signed-in home page waits for (the app, its shell, the home page), held to
   * `homeBudget`. What they load once the page has shown (ui/deferred.tsx) is not counted.
   */
  home: string[];
}

/**
 * Prints, after every production build, what the login page waits for (entry + its chunk) and
 * what the signed-in home page waits for, and fails the build when either is above its ceiling.
 */
export function initialJavaScriptReport(
  budget: InitialJavaScriptBudget,
  screens: FirstScreens,
  homeBudget: InitialJavaScriptBudget,
): Plugin {
  return {
    name: 'zview-initial-js-report',
    apply: 'build',
    // After Vite has written the preload lists into the chunks: the figure is of the files served.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = bundle as unknown as BundleLike;
        const login = initialJavaScript(files, 'main', screens.login);
        if (!login) return; // another input (the map harness alone)
        const { line, over } = initialJavaScriptVerdict(login, budget, 'login page JavaScript (entry + login chunk)');
        if (over) this.error(`${line}: over the ceiling. Load what the login page does not show lazily.`);
        this.info(line);
        const home = initialJavaScript(files, 'main', screens.home);
        if (!home) this.error(`signed-in home page: no chunk named ${screens.home.join(', ')}`);
        const verdict = initialJavaScriptVerdict(
          home,
          homeBudget,
          'signed-in home page JavaScript (entry + app, shell, page)',
        );
        if (verdict.over)
          this.error(
            `${verdict.line}: over the ceiling. Load what the home page does not show after it (ui/deferred.tsx).`,
          );
        this.info(verdict.line);
      },
    },
  };
}
