import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { initialJavaScript, initialJavaScriptVerdict } from './initial-js';

const chunk = (name: string, imports: string[], code: string, isEntry = false) => ({
  type: 'chunk' as const,
  name,
  imports,
  code,
  isEntry,
});
/** Code that gzip cannot shrink: its compressed size is about its length. */
const incompressible = (kb: number) => randomBytes(kb * 1024).toString('base64');

describe('the initial JavaScript figure', () => {
  const bundle = {
    'main.js': chunk('main', ['react.js', 'client.js'], incompressible(60), true),
    'react.js': chunk('react', [], incompressible(50)),
    'client.js': chunk('client', ['react.js'], incompressible(20)),
    'LoginPage.js': chunk('LoginPage', ['react.js'], incompressible(200)),
    'style.css': { type: 'asset' as const },
  };

  it('sums the entry and what it imports statically, once each, and not the lazy chunks', () => {
    const figure = initialJavaScript(bundle)!;
    expect(figure.files.sort()).toEqual(['client.js', 'main.js', 'react.js']);
    // base64 of n KB is 4/3 n KB; gzip takes back about a quarter of it.
    expect(figure.gzipBytes / 1024).toBeGreaterThan(130 * 0.7);
    expect(figure.gzipBytes / 1024).toBeLessThan(130 * 1.4);
  });

  it('is over the ceiling when it is, and the line names ceiling and target', () => {
    const figure = { files: ['main.js', 'react.js'], gzipBytes: 151 * 1024 };
    expect(initialJavaScriptVerdict(figure, { ceilingKb: 150, targetKb: 150 })).toEqual({
      line: 'initial JavaScript (entry + 1 preloads): 151.0 KB gzip (ceiling 150 KB, target 150 KB)',
      over: true,
    });
    expect(initialJavaScriptVerdict({ ...figure, gzipBytes: 150 * 1024 }, { ceilingKb: 150, targetKb: 150 }).over).toBe(
      false,
    );
  });
});
