/** The app a browser benchmark drives. */
import { buildWebApp, startApp, type RunningApp } from '../../e2e/support/app.js';

/**
 * The app at `givenUrl` (a benchmark's *_BASE_URL), or else the built web app started here (built
 * first unless SKIP_WEB_BUILD=1); `app` is set when it was started here, for the caller to stop.
 */
export async function appUnderTest(givenUrl: string | undefined): Promise<{ baseUrl: string; app?: RunningApp }> {
  const given = givenUrl?.replace(/\/$/, '');
  if (given) return { baseUrl: given };
  if (process.env.SKIP_WEB_BUILD !== '1') buildWebApp();
  const app = await startApp();
  return { baseUrl: app.baseUrl, app };
}
