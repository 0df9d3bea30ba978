/** Query parameters that carry credentials and must never reach a log or an error report. */
const SECRET_PARAMS = [
  'sessionToken',
  'code',
  'code_verifier',
  'token',
  'access_token',
  'id_token',
  'id_token_hint',
  'refresh_token',
  'SAMLResponse',
  'SAMLRequest',
  'login_hint',
  // Signed URLs (S3-compatible presigned links) and API keys.
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
  'Signature',
  'signature',
  'sig',
  'apiKey',
  'api_key',
];
/** Path segments that are one-time secrets (password-reset links). */
const SECRET_PATHS = /(\/reset-password\/)[^/?#]+/;

export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(SECRET_PATHS, '$1[redacted]');
  if (!query) return safePath;
  const params = new URLSearchParams(query);
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${safePath}?${params.toString()}`;
}
