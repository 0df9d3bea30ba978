import type { TestProject } from 'vitest/node';
import { buildWebApp, startApp } from './app.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The running product's DATA_DIR ('' when unknown: E2E_BASE_URL without E2E_DATA_DIR). */
    dataDir: string;
  }
}

/**
 * Builds the web app, then starts the real product the way `npm start` does, on a free port with
 * its own fresh data directory, and hands its URL to the browser tests.
 */
export default async function setup(project: TestProject) {
  // E2E_BASE_URL: run the browser tests against an app already running (a quick loop while writing them).
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrl', process.env.E2E_BASE_URL.replace(/\/$/, ''));
    project.provide('dataDir', process.env.E2E_DATA_DIR ?? '');
    return;
  }
  buildWebApp();
  const app = await startApp();
  project.provide('baseUrl', app.baseUrl);
  project.provide('dataDir', app.dataDir);
  return () => app.stop();
}
