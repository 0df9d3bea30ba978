/** Every user-facing message quoted by SPEC §8, verbatim. */
export const MESSAGES = {
  missingConfigGlobal:
    'Missing Z-VIEW config global variable. When developing locally, connect to the API port (http://localhost:8080) so that /config.js is served.',
  requiredConfigVariable: (name: string) => `Required "${name}" config variable not set`,
  failedAppConfig: 'Failed to initialize app config',
  invalidCredentials: 'Incorrect username or password.',
  noProductsEnabled: 'There are no enabled applications for your Z-VIEW account.',
  noOktaAppsEnabled: 'Z-VIEW access for this account has not been enabled.',
  unknownLoginError: 'Failed to log into your Z-VIEW account.',
  supportLine: (email: string) => `Please contact support at ${email}.`,
  passwordExpired: 'Your password has expired. Please use the forgot password feature to set a new one.',
  missingSessionToken: 'Failed to retrieve session token after login. Please try again later.',
  authenticationFailed: 'Authentication failed. Please try again later.',
  unknownProductInPortfolio: 'Unknown product found in portfolio',
  locationRequired: 'location is required',
  missingRequiredParameters: 'Missing required parameters',
  unsupportedIdentityProvider: 'Unsupported identity provider type',
  failedToParseJwt: 'Failed to parse JWT',
  webglNotSupported: 'WebGL is not supported on this browser',
  styleDidNotLoad: 'Max attempts reached. Style did not load.',
  lazyModuleFailed: (retries: number) => `Failed to load lazy module after ${retries} retries`,
  unexpectedError: 'An unexpected error occurred. Please reach out to support.',
  pageNotFound: 'The specified page could not be found.',
  noOptions: 'No Options',
  loading: 'Loading...',
  emptySelect: '--',
  accessTokenUndefined: 'Access token is undefined',
  newVersionAvailable: 'A new version of Z-VIEW is available. Please reload to update.',
  widthWarning: 'For the best experience, please use a viewport at least 1350px wide.',
  billingNoResults: 'No results found',
  billingNoResultsAdvice: 'Try adjusting your search criteria or contact support.',
  billingNoSubmissions: 'No Z-Portfolio submissions found',
  pinConfirm: 'Is this the correct pin location?',
} as const;

/** Login outcome → the message shown (each followed by the support line). */
export const LOGIN_OUTCOME_MESSAGES = {
  invalid_credentials: MESSAGES.invalidCredentials,
  no_products_enabled: MESSAGES.noProductsEnabled,
  no_okta_apps_enabled: MESSAGES.noOktaAppsEnabled,
  unknown_error: MESSAGES.unknownLoginError,
} as const;

/** Maps an identity-provider error code to a login outcome (SPEC §4). */
export function loginOutcomeForCode(
  code: string | undefined,
): 'invalid_credentials' | 'no_okta_apps_enabled' | 'unknown_error' {
  if (code === 'E0000004') return 'invalid_credentials';
  if (code === 'access_denied') return 'no_okta_apps_enabled';
  return 'unknown_error';
}
