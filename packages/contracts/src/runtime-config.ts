import { z } from 'zod';

/**
 * The runtime configuration the server publishes as `window.__ZVIEW_CONFIG__` from /config.js.
 * The web app reads it at boot; the server checks the required variables at its own boot.
 */
export const RUNTIME_CONFIG_GLOBAL = '__ZVIEW_CONFIG__';

export const REQUIRED_RUNTIME_VARIABLES = ['ENV', 'API_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'SUPPORT_EMAIL'] as const;

const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((value) => value === true || value === 'true');

export const runtimeConfigSchema = z.object({
  ENV: z.string(),
  API_URL: z.string(),
  OIDC_ISSUER: z.string(),
  OIDC_CLIENT_ID: z.string(),
  SUPPORT_EMAIL: z.string(),
  /** Where "Forgot your password?" leads; {OIDC_ISSUER}/forgot-password when absent. */
  OIDC_FORGOT_PASSWORD_URL: z.string().optional(),
  VERSION: z.string().optional(),
  /** Billing page configuration flag; false when absent (SPEC §6). */
  BILLING_PAGE_ENABLED: flag.optional().default(false),
  /** Portfolio configuration flag (SPEC §2, /zportfolio). */
  PORTFOLIO_ENABLED: flag.optional().default(true),
  /** User-management feature flag (SPEC §5). */
  USER_MANAGEMENT_ENABLED: flag.optional().default(true),
  ANALYTICS_ENABLED: flag.optional().default(false),
  ANALYTICS_WRITE_KEY: z.string().optional(),
  ANALYTICS_HOST: z.string().optional(),
  ANALYTICS_PATH: z.string().optional(),
  WEB_ANALYTICS_MEASUREMENT_ID: z.string().optional(),
  MAP_STYLE_URL: z.string().optional(),
  MAPBOX_ACCESS_TOKEN: z.string().optional(),
  ERROR_REPORTING_DSN: z.string().optional(),
  SAMPLE_DATA: flag.optional().default(true),
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

/** GET /api/health: the API process answers (see /readyz for the database and migrations). */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
