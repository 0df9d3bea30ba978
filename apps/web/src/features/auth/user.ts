import { ID_TOKEN_CLAIMS, MESSAGES, type IdentityUser } from '@zview/contracts';

/** Decodes the payload of a JWT without verifying it (the server verifies every token it receives). */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error('Not a JWT');
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new Error('JWT payload is not an object');
  return payload as Record<string, unknown>;
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The SPEC §3 User from the id token. A token that cannot be parsed logs 'Failed to parse JWT'
 * and yields undefined: the user is treated as absent.
 */
export function decodeUser(idToken: string | undefined): IdentityUser | undefined {
  if (!idToken) return undefined;
  let claims: Record<string, unknown>;
  try {
    claims = decodeJwtPayload(idToken);
  } catch (error) {
    console.error(MESSAGES.failedToParseJwt, error);
    return undefined;
  }
  const id = text(claims[ID_TOKEN_CLAIMS.id]);
  if (!id) {
    console.error(MESSAGES.failedToParseJwt, 'missing subject');
    return undefined;
  }
  const groups = stringList(claims[ID_TOKEN_CLAIMS.groups]);
  const externalGroups = stringList(claims[ID_TOKEN_CLAIMS.externalGroups]);
  const firstName = text(claims[ID_TOKEN_CLAIMS.firstName]);
  const lastName = text(claims[ID_TOKEN_CLAIMS.lastName]);
  const trial = claims[ID_TOKEN_CLAIMS.isUserInTrialOrg];
  const isZviewAdmin = claims[ID_TOKEN_CLAIMS.productAdmin] === true;
  return {
    id,
    email: text(claims[ID_TOKEN_CLAIMS.email]),
    firstName,
    lastName,
    profile: { firstName, lastName },
    isGroupAdmin: claims[ID_TOKEN_CLAIMS.isGroupAdmin] === true,
    isZviewAdmin,
    isInternalAdmin: isZviewAdmin,
    hasZorroAccess: claims[ID_TOKEN_CLAIMS.hasZorroAccess] === true,
    isUserInTrialOrg: typeof trial === 'boolean' ? trial : true,
    externalGroups,
    groups,
  };
}

/** Password or SSO (SPEC §3), from the id token; SSO users see user management read-only. */
export function identityProviderKindOf(idToken: string | undefined): 'Password' | 'SSO' {
  try {
    return idToken && decodeJwtPayload(idToken)[ID_TOKEN_CLAIMS.identityProviderType] === 'SAML2' ? 'SSO' : 'Password';
  } catch {
    return 'Password';
  }
}
