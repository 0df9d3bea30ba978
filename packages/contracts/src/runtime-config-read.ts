// Zod-free: the web app reads its runtime configuration before its first screen, and zod (even its
// tree-shakable build, ~12 KB gzip of core) was the largest part of that screen's JavaScript after
// React and MUI (issue 45). runtimeConfigSchema (runtime-config.ts) is the contract;
// runtime-config-read.test.ts holds parseRuntimeConfig in agreement with it.
import type { RuntimeConfig } from './runtime-config.js';

/**
 * The runtime configuration the server publishes as `window.__ZVIEW_CONFIG__` from /config.js.
 * The web app reads it at boot; the server checks the required variables at its own boot.
 */
export const RUNTIME_CONFIG_GLOBAL = '__ZVIEW_CONFIG__';

export const REQUIRED_RUNTIME_VARIABLES = ['ENV', 'API_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'SUPPORT_EMAIL'] as const;

/** Returns the first required variable that is missing or blank, if any. */
export function missingRequiredVariable(config: Record<string, unknown>): string | undefined {
  return REQUIRED_RUNTIME_VARIABLES.find((name) => {
    const value = config[name];
    return typeof value !== 'string' || value.trim() === '';
  });
}

type FlagName = {
  [K in keyof RuntimeConfig]-?: RuntimeConfig[K] extends boolean ? K : never;
}[keyof RuntimeConfig];
type OptionalTextName = Exclude<keyof RuntimeConfig, FlagName | (typeof REQUIRED_RUNTIME_VARIABLES)[number]>;

/** The flags and their value when absent (runtimeConfigSchema's optionalFlag defaults). */
const FLAG_DEFAULTS: Record<FlagName, boolean> = {
  BILLING_PAGE_ENABLED: false,
  PORTFOLIO_ENABLED: true,
  USER_MANAGEMENT_ENABLED: true,
  ANALYTICS_ENABLED: false,
  SAMPLE_DATA: true,
};

const OPTIONAL_TEXTS: Record<OptionalTextName, true> = {
  OIDC_FORGOT_PASSWORD_URL: true,
  VERSION: true,
  ANALYTICS_WRITE_KEY: true,
  ANALYTICS_HOST: true,
  ANALYTICS_PATH: true,
  WEB_ANALYTICS_MEASUREMENT_ID: true,
  MAP_STYLE_URL: true,
  MAPBOX_ACCESS_TOKEN: true,
  ERROR_REPORTING_DSN: true,
};

/** A flag is true/false or the text 'true'/'false'; undefined when it is neither. */
function readFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return undefined;
}

/**
 * runtimeConfigSchema's parse without zod: the configuration with its defaults, or undefined when
 * the value does not satisfy the contract. Keys the contract does not name are dropped.
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const source = raw as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  for (const name of REQUIRED_RUNTIME_VARIABLES) {
    if (typeof source[name] !== 'string') return undefined;
    config[name] = source[name];
  }
  for (const name of Object.keys(OPTIONAL_TEXTS)) {
    const value = source[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') return undefined;
    config[name] = value;
  }
  for (const [name, fallback] of Object.entries(FLAG_DEFAULTS)) {
    const value = source[name] === undefined ? fallback : readFlag(source[name]);
    if (value === undefined) return undefined;
    config[name] = value;
  }
  return config as RuntimeConfig;
}
