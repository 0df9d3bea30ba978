import os from 'node:os';
import path from 'node:path';
import { s3SettingsFromEnv, type BlobStoreConfig } from './storage/create-blob-store.js';
import { MESSAGES, missingRequiredVariable, runtimeConfigSchema, type RuntimeConfig } from '@zview/contracts';

/** What this process does: serve HTTP, work the queue, or both (ZVIEW_ROLE, default all). */
export type ProcessRole = 'server' | 'worker' | 'all';

export interface ServerConfig {
  role: ProcessRole;
  port: number;
  /** Processes serving HTTP on the port (node:cluster); 1 = this process serves. */
  apiProcesses: number;
  /** Interface to listen on (HOST, default localhost: widen with HOST=0.0.0.0). */
  host: string;
  publicUrl: string;
  /**
   * Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY: a hop count, or a comma-separated
   * list of addresses/CIDRs; default none: the socket address is the client).
   */
  trustProxy: false | number | string[];
  /** Request limits (issue 12): the whole request, and a stalled body (REQUEST_TIMEOUT_S, BODY_IDLE_TIMEOUT_S). */
  requestTimeoutMs: number;
  bodyIdleTimeoutMs: number;
  /** Slow clients (issue 39): request headers must arrive within this long… */
  headersTimeoutMs: number;
  /** …a body must bring bodyMinBytes per bodyWindowMs… */
  bodyWindowMs: number;
  bodyMinBytes: number;
  /** …and one process holds at most this many connections. */
  maxConnections: number;
  databaseUrl?: string;
  dataDir: string;
  webDistDir: string;
  /** HMAC secret of signed imagery URLs (URL_SIGNING_SECRET); unset = generated under DATA_DIR. */
  urlSigningSecret?: string;
  runtime: RuntimeConfig;
  identity: IdentityConfig;
  /** Uploads, exports and evidence: DATA_DIR/blobs, or an S3-compatible store when S3_BUCKET is set. */
  blobStore: BlobStoreConfig;
  /** Bearer token /metrics requires (METRICS_TOKEN); unset = loopback callers only. */
  metricsToken?: string;
  /** Upload cap (PORTFOLIO_MAX_UPLOAD_MB) and rows per scoring chunk (PORTFOLIO_CHUNK_SIZE). */
  portfolio: {
    maxUploadBytes: number;
    chunkSize: number;
    /** Where the queue is worked: a forked worker process (default), this process, or elsewhere (off). */
    worker: 'process' | 'inline' | 'off';
    /** Chunk jobs a worker runs at once (PostgreSQL and Node share the cores). */
    workerConcurrency: number;
    /** Bytes of uploads an organisation may keep (PORTFOLIO_UPLOAD_QUOTA_MB, default 5000). */
    uploadQuotaBytes: number;
    /** Uploads an organisation may make per hour (PORTFOLIO_UPLOADS_PER_HOUR, default 100): more answer 429. */
    uploadsPerHour: number;
    /** An upload no portfolio uses is deleted after this many hours (PORTFOLIO_ORPHAN_HOURS, default 24). */
    orphanHours: number;
  };
  /** Data discovery's explorer: an OpenAI-compatible endpoint writes answers when set (ZORRO_LLM_URL, _API_KEY, _MODEL). */
  zorro: { llm?: { url: string; apiKey?: string; model: string } };
}

/** Identity settings (see README "Identity provider"). */
export interface IdentityConfig {
  /** Run the embedded OIDC provider under /oidc (default when OIDC_ISSUER is {PUBLIC_URL}/oidc). */
  embedded: boolean;
  /** The audience the API requires in access tokens (the embedded provider's resource indicator). */
  audience: string;
  /** JWKS of an external issuer; default: discovered from {OIDC_ISSUER}/.well-known/openid-configuration. */
  jwksUri?: string;
  /** SMTP connection URL for mail; without it mail goes to the server log and the outbox table. */
  smtpUrl?: string;
  mailFrom: string;
  /** Shared password of the demo accounts seeded at start. */
  demoPassword: string;
  /** Serves the local mock SAML identity provider under /oidc/dev-saml-idp (never in production). */
  devSamlIdp: boolean;
}

/** The repository root, whatever the working directory. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

function envOr(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined ? fallback : value;
}

/** API_PROCESSES: how many processes serve HTTP on the port (a number, or auto = one per core). */
function apiProcesses(raw: string | undefined): number {
  if (!raw) return 1;
  if (raw === 'auto') return Math.max(1, os.availableParallelism());
  const count = Number(raw);
  if (Number.isInteger(count) && count >= 1 && count <= 64) return count;
  throw new Error(`API_PROCESSES must be a whole number from 1 to 64, or auto, got "${raw}"`);
}

function processRole(raw: string | undefined): ProcessRole {
  if (raw === undefined || raw === '' || raw === 'all') return 'all';
  if (raw === 'server' || raw === 'worker') return raw;
  throw new Error(`ZVIEW_ROLE must be server, worker or all, got "${raw}"`);
}

function portfolioWorkerMode(raw: string | undefined): ServerConfig['portfolio']['worker'] {
  if (raw === undefined || raw === '' || raw === 'process' || raw === 'on') return 'process';
  if (raw === 'inline' || raw === 'off') return raw;
  throw new Error(`PORTFOLIO_WORKER must be process, inline or off, got "${raw}"`);
}

/** TRUST_PROXY: unset/empty/false = trust no proxy; a whole number = that many hops; else addresses or CIDRs. */
export function trustProxySetting(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^[0-9]+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (value === 'true' || list.some((part) => !/^[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(part))) {
    throw new Error(`TRUST_PROXY must be a hop count or a comma-separated list of addresses/CIDRs, got "${raw}"`);
  }
  return list;
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/**
 * Reads the server's configuration from the environment. Runtime variables (published to the
 * browser through /config.js) are checked here so a misconfigured deployment fails at boot with
 * 'Required "{name}" config variable not set' rather than in the user's browser.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
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
    // Analytics go to this server's Segment-compatible collector by default (POST /v1/batch, stored
    // in analytics_events); ANALYTICS_HOST/ANALYTICS_PATH point the web app at another collector.
    ANALYTICS_ENABLED: env.ANALYTICS_ENABLED ?? 'true',
    ANALYTICS_WRITE_KEY: env.ANALYTICS_WRITE_KEY ?? 'zview-web',
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
  const dataDir = path.resolve(envOr(env, 'DATA_DIR', path.join(repoRoot, 'data')));
  return {
    role: processRole(env.ZVIEW_ROLE),
    port,
    host: envOr(env, 'HOST', 'localhost'),
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    // A total bound only: slow-but-steady uploads of 500 MB must fit; stalled ones are cut by the body window.
    requestTimeoutMs: positiveNumber(env, 'REQUEST_TIMEOUT_S', 4 * 3600) * 1000,
    bodyIdleTimeoutMs: positiveNumber(env, 'BODY_IDLE_TIMEOUT_S', 30) * 1000,
    headersTimeoutMs: positiveNumber(env, 'HEADERS_TIMEOUT_S', 10) * 1000,
    bodyWindowMs: positiveNumber(env, 'BODY_WINDOW_S', 10) * 1000,
    bodyMinBytes: positiveNumber(env, 'BODY_MIN_BYTES', 1024),
    maxConnections: positiveNumber(env, 'MAX_CONNECTIONS', 1000),
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    webDistDir: path.resolve(envOr(env, 'WEB_DIST_DIR', path.join(repoRoot, 'apps/web/dist'))),
    urlSigningSecret: env.URL_SIGNING_SECRET || undefined,
    apiProcesses: apiProcesses(env.API_PROCESSES),
    runtime,
    blobStore: { dataDir, s3: s3SettingsFromEnv(env) },
    metricsToken: env.METRICS_TOKEN || undefined,
    identity: {
      embedded: env.EMBEDDED_IDP ? env.EMBEDDED_IDP === 'true' : runtime.OIDC_ISSUER === `${publicUrl}/oidc`,
      audience: envOr(env, 'OIDC_AUDIENCE', `${publicUrl}/api`),
      jwksUri: env.OIDC_JWKS_URI || undefined,
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: envOr(env, 'MAIL_FROM', 'Z-VIEW <no-reply@zview.test>'),
      demoPassword: envOr(env, 'DEMO_PASSWORD', 'Zview-demo-2024'),
      // Off unless asked for (npm start asks for the demo): it lets anyone create @sso.test accounts.
      devSamlIdp: env.DEV_SAML_IDP === 'true' && runtime.ENV !== 'production',
    },
    portfolio: {
      maxUploadBytes: positiveNumber(env, 'PORTFOLIO_MAX_UPLOAD_MB', 500) * 1024 * 1024,
      chunkSize: positiveNumber(env, 'PORTFOLIO_CHUNK_SIZE', 10_000),
      worker: portfolioWorkerMode(env.PORTFOLIO_WORKER),
      workerConcurrency: Math.round(positiveNumber(env, 'PORTFOLIO_WORKER_CONCURRENCY', 2)),
      uploadQuotaBytes: positiveNumber(env, 'PORTFOLIO_UPLOAD_QUOTA_MB', 5000) * 1024 * 1024,
      uploadsPerHour: Math.round(positiveNumber(env, 'PORTFOLIO_UPLOADS_PER_HOUR', 100)),
      orphanHours: positiveNumber(env, 'PORTFOLIO_ORPHAN_HOURS', 24),
    },
    zorro: {
      llm: env.ZORRO_LLM_URL
        ? {
            url: env.ZORRO_LLM_URL.replace(/\/$/, ''),
            apiKey: env.ZORRO_LLM_API_KEY || undefined,
            model: envOr(env, 'ZORRO_LLM_MODEL', 'gpt-4o-mini'),
          }
        : undefined,
    },
  };
}
