import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * House rules (issue 13): the whole repository is formatted by Prettier (.prettierrc) and passes
 * ESLint (eslint.config.js: layering, hooks, unused code). Run here so that `npm test` — the one
 * command CI runs — refuses a change that skipped `npm run format` or `npm run lint`.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

async function outcome(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(bin(command), args, { cwd: ROOT, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('code style', () => {
  it('every file is formatted by Prettier (npm run format)', async () => {
    const { code, output } = await outcome('prettier', ['--list-different', '.']);
    expect(
      output.split('\n').filter((line) => line && !line.startsWith('npm warn')),
      'files Prettier would change',
    ).toEqual([]);
    expect(code).toBe(0);
  }, 240_000);

  it('ESLint finds nothing (npm run lint)', async () => {
    const { code, output } = await outcome('eslint', ['--max-warnings', '0', '.']);
    expect(output.trim()).toBe('');
    expect(code).toBe(0);
  }, 240_000);
});
