/**
 * Masking of error reports (SPEC §7 "Error reports mask bearer tokens"): applied to every report
 * and breadcrumb the browser and the server send (Sentry's beforeSend / beforeBreadcrumb).
 * Values of credential-like keys (Authorization, Cookie, Set-Cookie, tokens, session tokens,
 * passwords, secrets, write keys) become '[Filtered]'; inside any string, bearer and basic
 * credentials, JWTs and credential query parameters are masked as well.
 */
export const FILTERED = '[Filtered]';

const SECRET_KEY =
  /^(authorization|proxy-authorization|cookie|cookies|set-cookie|x-api-key|api[-_]?key|write[-_]?key|password|passwd|new[-_]?password|current[-_]?password|secret|client[-_]?secret|.*token|.*_token|session[-_]?id|sessionid|session|code[-_]?verifier|samlresponse)$/i;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g;
const SECRET_PARAM =
  /([?&;](?:access_token|id_token|refresh_token|token|sessionToken|session_token|code|code_verifier|password|id_token_hint|SAMLResponse|writeKey)=)[^&#\s"']*/gi;
const COOKIE_PAIR = /\b((?:[\w.-]*session[\w.-]*|[\w.-]*token[\w.-]*|sid)=)[^;&\s"']+/gi;

const PASSWORD_TEXT = /\b((?:password|passwd|pwd|secret)\s*[=:]\s*)[^\s&;,"']+/gi;

export function maskString(text: string): string {
  return text
    .replace(PASSWORD_TEXT, `$1${FILTERED}`)
    .replace(BEARER, `$1 ${FILTERED}`)
    .replace(JWT, FILTERED)
    .replace(SECRET_PARAM, `$1${FILTERED}`)
    .replace(COOKIE_PAIR, `$1${FILTERED}`);
}

/** A masked deep copy of a report or breadcrumb (cycles and depth are bounded). */
export function scrubErrorReport<T>(value: T): T {
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return maskString(v);
    if (!v || typeof v !== 'object') return v;
    if (depth > 20 || seen.has(v)) return v;
    seen.add(v);
    if (Array.isArray(v)) {
      // Header lists as [name, value] pairs.
      if (v.length === 2 && typeof v[0] === 'string' && SECRET_KEY.test(v[0])) return [v[0], FILTERED];
      return v.map((item) => walk(item, depth + 1));
    }
    if (v instanceof Date) return v;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v))
      out[key] =
        SECRET_KEY.test(key) && item !== null && item !== undefined && item !== '' ? FILTERED : walk(item, depth + 1);
    return out;
  };
  return walk(value, 0) as T;
}
