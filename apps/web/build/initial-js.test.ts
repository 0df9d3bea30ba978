import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { initialJavaScript, initialJavaScriptVerdict } from './initial-js';

const chunk = (name: string, imports: string[], code: string, kind: 'entry' | 'dynamic' | 'shared' = 'shared') => ({
  type: 'chunk' as const,
  name,
  imports,
  code,
  isEntry: kind === 'entry',
  isDynamicEntry: kind === 'dynamic',
});
/** Code that gzip cannot shrink: its compressed size is about its length. */
const incompressible = (kb: number) => randomBytes(kb * 1024).toString('base64');

describe('the initial JavaScript figure', () => {
  const bundle = {
    'main.js': chunk('main', ['react.js', 'client.js'], incompressible(10), 'entry'),
    'react.js': chunk('react', [], incompressible(50)),
    'client.js': chunk('client', ['react.js'], incompressible(20)),
    'login-shell.js': chunk('login-shell', ['react.js', 'mui.js'], incompressible(5), 'dynamic'),
    'mui.js': chunk('mui', ['react.js'], incompressible(40)),
    'start-app.js': chunk('start-app', ['mui.js', 'router.js'], incompressible(100), 'dynamic'),
    'router.js': chunk('router', [], incompressible(30)),
    'style.css': { type: 'asset' as const },
  };
  // base64 of n KB is 4/3 n KB; gzip takes back about a quarter of it.
  const aboutKb = (bytes: number, kb: number) => {
    expect(bytes / 1024).toBeGreaterThan(kb * 0.7);
    expect(bytes / 1024).toBeLessThan(kb * 1.4);
  };

  it('sums the entry and what it imports statically, once each, and not the lazy chunks', () => {
    const figure = initialJavaScript(bundle)!;
    expect(figure.files.sort()).toEqual(['client.js', 'main.js', 'react.js']);
    aboutKb(figure.gzipBytes, 80);
  });

  it("adds a screen's chunk and its static imports, and nothing of another screen", () => {
    const login = initialJavaScript(bundle, 'main', 'login-shell')!;
    expect(login.files.sort()).toEqual(['client.js', 'login-shell.js', 'main.js', 'mui.js', 'react.js']);
    aboutKb(login.gzipBytes, 125);
    expect(initialJavaScript(bundle, 'main', 'start-app')!.files).toContain('router.js');
    expect(initialJavaScript(bundle, 'main', 'no-such-screen')).toBeUndefined();
  });

  it('adds every chunk a screen asks for at once (the home page: app, shell, page), each file once', () => {
    const home = initialJavaScript(bundle, 'main', ['start-app', 'login-shell'])!;
    expect(home.files.sort()).toEqual([
      'client.js',
      'login-shell.js',
      'main.js',
      'mui.js',
      'react.js',
      'router.js',
      'start-app.js',
    ]);
    aboutKb(home.gzipBytes, 255);
    expect(initialJavaScript(bundle, 'main', ['start-app', 'no-such-screen'])).toBeUndefined();
  });

  it('is over the ceiling when it is, and the line names ceiling and target', () => {
    const figure = { files: ['main.js', 'react.js'], gzipBytes: 151 * 1024 };
    expect(initialJavaScriptVerdict(figure, { ceilingKb: 150, targetKb: 150 }, 'login page JavaScript')).toEqual({
      line: 'login page JavaScript (2 files): 151.0 KB gzip ✗ (ceiling 150 KB, target 150 KB)',
      over: true,
    });
    expect(initialJavaScriptVerdict({ ...figure, gzipBytes: 128 * 1024 }, { ceilingKb: 131, targetKb: 150 }).line).toBe(
      'initial JavaScript (2 files): 128.0 KB gzip ✓ (ceiling 131 KB, target 150 KB)',
    );
    expect(initialJavaScriptVerdict({ ...figure, gzipBytes: 150 * 1024 }, { ceilingKb: 150, targetKb: 150 }).over).toBe(
      false,
    );
  });
});
