import {
  AUTHN_STATUSES,
  IDENTITY_PROVIDER_TYPES,
  LOGIN_OUTCOME_MESSAGES,
  MESSAGES,
  loginOutcomeForCode,
  type AuthnAnswer,
  type IdentityLinkAnswer,
  type LoginOutcome,
} from '@zview/contracts';
import { IdpError } from './idp-core';

/** A message on the login page: under the password field, or above the form. */
export interface LoginMessage {
  text: string;
  /** The line asking the user to contact support, when the catalogue calls for it. */
  supportLine?: string;
  placement: 'password' | 'form';
}

/** What the email step leads to (SPEC §3 identity provider types, §4 login steps). */
export type IdentityStep = { kind: 'sso'; idpId: string } | { kind: 'password' };

export function identityStepFor(links: readonly IdentityLinkAnswer[]): IdentityStep {
  // No link: the email is not one of an enterprise, so the password step (which answers
  // 'Incorrect username or password.' for unknown emails, revealing nothing).
  const link = links[0];
  if (!link) return { kind: 'password' };
  if (link.type === 'SAML2') return { kind: 'sso', idpId: link.id };
  if (link.type in IDENTITY_PROVIDER_TYPES) return { kind: 'password' };
  throw new Error(MESSAGES.unsupportedIdentityProvider);
}

/** The catalogued message of a login outcome (SPEC §8). */
export function outcomeMessage(outcome: LoginOutcome, supportEmail: string): LoginMessage {
  if (outcome === 'invalid_credentials')
    return { text: LOGIN_OUTCOME_MESSAGES.invalid_credentials, placement: 'password' };
  return { text: LOGIN_OUTCOME_MESSAGES[outcome], supportLine: MESSAGES.supportLine(supportEmail), placement: 'form' };
}

/** The session token of a successful credential check, or the message explaining why not. */
export function sessionTokenOf(response: AuthnAnswer): { sessionToken: string } | { message: LoginMessage } {
  if (response.status === AUTHN_STATUSES.success) {
    return response.sessionToken
      ? { sessionToken: response.sessionToken }
      : { message: { text: MESSAGES.missingSessionToken, placement: 'form' } };
  }
  if (response.status === AUTHN_STATUSES.passwordExpired)
    return { message: { text: MESSAGES.passwordExpired, placement: 'form' } };
  return { message: { text: MESSAGES.authenticationFailed, placement: 'form' } };
}

/** Refusals with an IdP code are catalogued; any other error shows its own message. */
export function loginErrorMessage(error: unknown, supportEmail: string): LoginMessage {
  if (error instanceof IdpError) return outcomeMessage(loginOutcomeForCode(error.code), supportEmail);
  return { text: error instanceof Error ? error.message : String(error), placement: 'form' };
}
