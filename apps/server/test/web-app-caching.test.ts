import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';

/**
 * Issue 21 item 10: every page load (the sign-in's /login-callback among them) revalidated every
 * fingerprinted chunk (Cache-Control public, max-age=0: a 304 round trip per chunk and per wave of
 * lazy chunks), because @fastify/send overwrote the header the app set. Built files under assets/
 * are cached for a year; the rest is revalidated.
 */
const dist = mkdtempSync(path.join(os.tmpdir(), 'zview-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Z-VIEW</title>');
writeFileSync(path.join(dist, 'assets', 'main-AbC123.js'), 'console.log(1)');
writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
const { app } = await useTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'http://localhost:8080' });
const host = { host: 'localhost:8080' };

describe('the built web app’s caching', () => {
  it('caches fingerprinted chunks for a year, immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-AbC123.js', headers: host });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files that are not fingerprinted, and the page itself', async () => {
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg', headers: host });
    expect(icon.headers['cache-control']).toBe('no-cache');
    const page = await app.inject({ method: 'GET', url: '/zportfolio', headers: { ...host, accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
