import path from 'node:path';
import { MESSAGES, missingRequiredVariable, runtimeConfigSchema, type RuntimeConfig } from '@zview/contracts';

export interface ServerConfig {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  webDistDir: string;
  /** HMAC secret of signed imagery URLs (URL_SIGNING_SECRET); unset = generated under DATA_DIR. */
  urlSigningSecret?: string;
  runtime: RuntimeConfig;
}

/** The repository root, whatever the working directory. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

function envOr(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined ? fallback : value;
}

/**
 * Reads the server's configuration from the environment. Runtime variables (published to the
 * browser through /config.js) are checked here so a misconfigured deployment fails at boot with
 * 'Required "{name}" config variable not set' rather than in the user's browser.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUrl = envOr(env, 'PUBLIC_URL', `http://localhost:${port}`).replace(/\/$/, '');
  const raw = {
    ENV: envOr(env, 'ENV', 'local'),
    API_URL: envOr(env, 'API_URL', publicUrl),
    OIDC_ISSUER: envOr(env, 'OIDC_ISSUER', `${publicUrl}/oidc`),
    OIDC_CLIENT_ID: envOr(env, 'OIDC_CLIENT_ID', 'zview-web'),
    SUPPORT_EMAIL: envOr(env, 'SUPPORT_EMAIL', 'support@zview.test'),
    VERSION: undefined,
    BILLING_PAGE_ENABLED: env.BILLING_PAGE_ENABLED ?? 'true',
    PORTFOLIO_ENABLED: env.PORTFOLIO_ENABLED ?? 'true',
    USER_MANAGEMENT_ENABLED: env.USER_MANAGEMENT_ENABLED ?? 'true',
    ANALYTICS_ENABLED: env.ANALYTICS_ENABLED ?? 'false',
    ANALYTICS_WRITE_KEY: env.ANALYTICS_WRITE_KEY,
    ANALYTICS_HOST: env.ANALYTICS_HOST,
    ANALYTICS_PATH: env.ANALYTICS_PATH,
    WEB_ANALYTICS_MEASUREMENT_ID: env.WEB_ANALYTICS_MEASUREMENT_ID,
    MAP_STYLE_URL: env.MAP_STYLE_URL,
    MAPBOX_ACCESS_TOKEN: env.MAPBOX_ACCESS_TOKEN,
    ERROR_REPORTING_DSN: env.ERROR_REPORTING_DSN,
    SAMPLE_DATA: env.SAMPLE_DATA ?? 'true',
  };
  const missing = missingRequiredVariable(raw);
  if (missing) throw new Error(MESSAGES.requiredConfigVariable(missing));
  const runtime = runtimeConfigSchema.parse(raw);
  return {
    port,
    host: envOr(env, 'HOST', '0.0.0.0'),
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(envOr(env, 'DATA_DIR', path.join(repoRoot, 'data'))),
    webDistDir: path.resolve(envOr(env, 'WEB_DIST_DIR', path.join(repoRoot, 'apps/web/dist'))),
    urlSigningSecret: env.URL_SIGNING_SECRET || undefined,
    runtime,
  };
}
