// The runtime configuration is parsed before the first screen, so with zod's tree-shakable build
// (zod/mini, ~5 KB against ~25 KB in the login page's JavaScript; issue 45). Same checks, same types.
import * as z from 'zod/mini';

/**
 * The runtime configuration the server publishes as `window.__ZVIEW_CONFIG__` from /config.js.
 * The web app reads it at boot; the server checks the required variables at its own boot.
 */
export const RUNTIME_CONFIG_GLOBAL = '__ZVIEW_CONFIG__';

export const REQUIRED_RUNTIME_VARIABLES = ['ENV', 'API_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'SUPPORT_EMAIL'] as const;

const flag = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false'])]),
  z.transform((value) => value === true || value === 'true'),
);
const text = () => z.string();
const optionalText = () => z.optional(z.string());
const optionalFlag = (fallback: boolean) => z._default(z.optional(flag), fallback);

export const runtimeConfigSchema = z.object({
  ENV: text(),
  API_URL: text(),
  OIDC_ISSUER: text(),
  OIDC_CLIENT_ID: text(),
  SUPPORT_EMAIL: text(),
  /** Where "Forgot your password?" leads; {OIDC_ISSUER}/forgot-password when absent. */
  OIDC_FORGOT_PASSWORD_URL: optionalText(),
  VERSION: optionalText(),
  /** Billing page configuration flag; false when absent (SPEC §6). */
  BILLING_PAGE_ENABLED: optionalFlag(false),
  /** Portfolio configuration flag (SPEC §2, /zportfolio). */
  PORTFOLIO_ENABLED: optionalFlag(true),
  /** User-management feature flag (SPEC §5). */
  USER_MANAGEMENT_ENABLED: optionalFlag(true),
  ANALYTICS_ENABLED: optionalFlag(false),
  ANALYTICS_WRITE_KEY: optionalText(),
  ANALYTICS_HOST: optionalText(),
  ANALYTICS_PATH: optionalText(),
  WEB_ANALYTICS_MEASUREMENT_ID: optionalText(),
  MAP_STYLE_URL: optionalText(),
  MAPBOX_ACCESS_TOKEN: optionalText(),
  ERROR_REPORTING_DSN: optionalText(),
  SAMPLE_DATA: optionalFlag(true),
});
export type RuntimeConfigInput = z.input<typeof runtimeConfigSchema>;
export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;

/** Returns the first required variable that is missing or blank, if any. */
export function missingRequiredVariable(config: Record<string, unknown>): string | undefined {
  return REQUIRED_RUNTIME_VARIABLES.find((name) => {
    const value = config[name];
    return typeof value !== 'string' || value.trim() === '';
  });
}
