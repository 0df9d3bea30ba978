// The runtime configuration's contract (the server parses its environment with it). The web app
// reads it before its first screen without zod (runtime-config-read.ts, held in agreement with this
// schema by runtime-config-read.test.ts; issue 45).
import * as z from 'zod/mini';

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
