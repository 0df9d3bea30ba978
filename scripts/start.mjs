#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build, then runs the
// server (embedded PostgreSQL, migrations, sample data, API and web app) in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureSupportedNode } from './node-runtime.mjs';

await ensureSupportedNode(fileURLToPath(import.meta.url));

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'packages/analytics/src',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}

const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (process.env.SKIP_WEB_BUILD !== '1' && builtAt < sourcesAt) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The demo signs in @sso.test accounts through the development SAML IdP; a deployment started
// otherwise (or with DEV_SAML_IDP=false) has none.
process.env.DEV_SAML_IDP ??= 'true';

// A test runner that starts the product as its child (e2e/support/app.ts) gives it a stdin pipe
// and STOP_WHEN_STDIN_CLOSES=1: when the runner dies, even by SIGKILL, the pipe closes and the
// product stops gracefully with its PostgreSQL, instead of living on as an orphan.
if (process.env.STOP_WHEN_STDIN_CLOSES === '1') {
  process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
  process.stdin.resume();
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
