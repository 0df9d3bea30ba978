import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SignedXml } from 'xml-crypto';

/**
 * A minimal SAML 2.0 identity provider for development and tests: it builds a Response with one
 * assertion and signs the assertion (RSA-SHA256, exclusive c14n), as real IdPs do. The key pair
 * in this folder is for local use only; the seeded `sso.test` configuration trusts it.
 */
export const DEV_IDP_ENTITY_ID = 'urn:zview:dev-saml-idp';
export const DEV_IDP_KEY = readFileSync(path.join(import.meta.dirname, 'key.pem'), 'utf8');
export const DEV_IDP_CERT = readFileSync(path.join(import.meta.dirname, 'cert.pem'), 'utf8');

export interface AssertionInput {
  issuer?: string;
  destination: string;
  audience: string;
  inResponseTo: string;
  email: string;
  firstName?: string;
  lastName?: string;
  groups?: string[];
  /** Signing key (PEM); the dev key by default. */
  privateKey?: string;
  /** Leave the assertion unsigned (for tests of refusal). */
  unsigned?: boolean;
}

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export function buildSignedSamlResponse(input: AssertionInput): string {
  const now = new Date();
  const iso = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const issuer = xmlEscape(input.issuer ?? DEV_IDP_ENTITY_ID);
  const attr = (name: string, values: string[]) =>
    values.length
      ? `<saml:Attribute Name="${name}">${values.map((v) => `<saml:AttributeValue>${xmlEscape(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`
      : '';
  const assertionId = `_a${randomBytes(16).toString('hex')}`;
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(0)}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlEscape(input.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(300_000)}" Recipient="${xmlEscape(input.destination)}" InResponseTo="${xmlEscape(input.inResponseTo)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(-60_000)}" NotOnOrAfter="${iso(300_000)}"><saml:AudienceRestriction><saml:Audience>${xmlEscape(input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="_s${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attr('email', [input.email])}${attr('firstName', input.firstName ? [input.firstName] : [])}${attr('lastName', input.lastName ? [input.lastName] : [])}${attr('groups', input.groups ?? [])}</saml:AttributeStatement>` +
    `</saml:Assertion>`;
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${iso(0)}" Destination="${xmlEscape(input.destination)}" InResponseTo="${xmlEscape(input.inResponseTo)}">` +
    `<saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  if (input.unsigned) return response;
  const signer = new SignedXml({
    privateKey: input.privateKey ?? DEV_IDP_KEY,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: `//*[local-name(.)='Assertion']`,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(response, {
    location: { reference: `//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}
