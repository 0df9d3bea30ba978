import type { TestProject } from 'vitest/node';
import { buildWebApp, startApp } from './app.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
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
    return;
  }
  buildWebApp();
  const app = await startApp();
  project.provide('baseUrl', app.baseUrl);
  return () => app.stop();
}
