import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from './runtime-config.js';
import { parseRuntimeConfig } from './runtime-config-read.js';

const required = {
  ENV: 'local',
  API_URL: '/api',
  OIDC_ISSUER: 'http://idp',
  OIDC_CLIENT_ID: 'web',
  SUPPORT_EMAIL: 's@x',
};

const valid: unknown[] = [
  required,
  { ...required, ENV: '' },
  { ...required, VERSION: '4.10.1', MAP_STYLE_URL: 'https://tiles/style.json', ERROR_REPORTING_DSN: '' },
  {
    ...required,
    BILLING_PAGE_ENABLED: 'true',
    PORTFOLIO_ENABLED: 'false',
    SAMPLE_DATA: false,
    ANALYTICS_ENABLED: true,
  },
  { ...required, USER_MANAGEMENT_ENABLED: undefined, OIDC_FORGOT_PASSWORD_URL: undefined },
  // Keys the contract does not name are dropped.
  { ...required, SOMETHING_ELSE: 3, ANALYTICS_WRITE_KEY: 'k', ANALYTICS_HOST: 'h', ANALYTICS_PATH: '/p' },
  { ...required, WEB_ANALYTICS_MEASUREMENT_ID: 'G-1', MAPBOX_ACCESS_TOKEN: 'pk' },
];

const invalid: unknown[] = [
  undefined,
  null,
  'config',
  [],
  {},
  { ...required, API_URL: undefined },
  { ...required, OIDC_ISSUER: 3 },
  { ...required, VERSION: null },
  { ...required, MAP_STYLE_URL: 1 },
  { ...required, BILLING_PAGE_ENABLED: 'yes' },
  { ...required, PORTFOLIO_ENABLED: 1 },
  { ...required, SAMPLE_DATA: 'TRUE' },
  { ...required, ANALYTICS_ENABLED: null },
];

describe('the runtime configuration read without zod (the web before its first screen)', () => {
  it.each(valid.map((config, index) => [index, config] as const))(
    'reads valid configuration %i as the contract does',
    (_, config) => {
      expect(parseRuntimeConfig(config)).toEqual(runtimeConfigSchema.parse(config));
    },
  );

  it.each(invalid.map((config, index) => [index, config] as const))(
    'refuses invalid configuration %i as the contract does',
    (_, config) => {
      expect(runtimeConfigSchema.safeParse(config).success).toBe(false);
      expect(parseRuntimeConfig(config)).toBeUndefined();
    },
  );

  it('fills the flags the contract defaults', () => {
    expect(parseRuntimeConfig(required)).toMatchObject({
      BILLING_PAGE_ENABLED: false,
      PORTFOLIO_ENABLED: true,
      USER_MANAGEMENT_ENABLED: true,
      ANALYTICS_ENABLED: false,
      SAMPLE_DATA: true,
    });
  });
});
