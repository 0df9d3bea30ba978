import { randomBytes, X509Certificate } from 'node:crypto';
import { SAML, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { SAML_RESERVED_GROUPS } from '@zview/contracts';
import { addMemberIfAbsent } from '../db/accounts.js';
import type { Db } from '../db/database.js';
import {
  consumeLiveSamlRequest,
  deleteIdp,
  idpById,
  idpClaimingAnyDomain,
  idpForEmailDomain,
  idpsOf,
  insertIdp,
  insertSamlRequest,
  insertSamlUser,
  updateIdpInternalAdminGroup,
  updateSamlUser,
  type SamlIdpRow,
} from '../db/saml.js';
import { findUserByEmail, type UserRow } from './accounts.js';
import { writeAudit } from '../db/audit.js';

export type SamlIdp = SamlIdpRow;

/** How long the browser has to come back from the enterprise IdP. */
export const SAML_REQUEST_TTL_MINUTES = 10;

/** Attribute names read from assertions (common IdP spellings, first match wins). */
const ATTRIBUTE_NAMES = {
  email: [
    'email',
    'mail',
    'urn:oid:0.9.2342.19200300.100.1.3',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  ],
  firstName: [
    'firstName',
    'givenName',
    'urn:oid:2.5.4.42',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  ],
  lastName: [
    'lastName',
    'sn',
    'surname',
    'urn:oid:2.5.4.4',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  ],
  groups: ['groups', 'memberOf', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups'],
};

/** A refused SAML exchange: `message` is shown to the person signing in, `detail` only logged. */
export class SamlError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export async function findIdpForEmail(db: Db, email: string): Promise<SamlIdp | undefined> {
  return idpForEmailDomain(db, emailDomain(email));
}

export async function findIdp(db: Db, id: string): Promise<SamlIdp | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
  return idpById(db, id);
}

/** Reads entity id, HTTP-Redirect SSO URL and signing certificate from IdP metadata XML. */
export function parseIdpMetadata(xml: string): { entityId: string; ssoUrl: string; certificate: string } {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const all = (name: string) => Array.from(doc.getElementsByTagNameNS('*', name));
  const entityId = all('EntityDescriptor')[0]?.getAttribute('entityID');
  const sso = all('SingleSignOnService');
  const ssoUrl = (sso.find((e) => e.getAttribute('Binding')?.endsWith('HTTP-Redirect')) ?? sso[0])?.getAttribute(
    'Location',
  );
  const keyDescriptor = all('KeyDescriptor').find((k) => (k.getAttribute('use') ?? 'signing') === 'signing');
  const certificate = keyDescriptor
    ? Array.from(keyDescriptor.getElementsByTagNameNS('*', 'X509Certificate'))[0]?.textContent?.replace(/\s+/g, '')
    : undefined;
  if (!entityId || !ssoUrl || !certificate)
    throw new SamlError(
      'The metadata must contain an entityID, a SingleSignOnService location and a signing certificate.',
    );
  return { entityId, ssoUrl, certificate };
}

/** Registers an organisation's enterprise IdP for its email domains. */
export async function registerSamlIdp(
  db: Db,
  input: { id?: string; organizationId: number; name: string; emailDomains: string[]; internalAdminGroup?: string } & (
    { metadataXml: string } | { entityId: string; ssoUrl: string; certificate: string }
  ),
): Promise<SamlIdp> {
  const settings = 'metadataXml' in input ? parseIdpMetadata(input.metadataXml) : input;
  const certificate = certificateToPem(settings.certificate);
  const ssoUrl = new URL(settings.ssoUrl);
  if (
    ssoUrl.protocol !== 'https:' &&
    !['localhost', '127.0.0.1'].includes(ssoUrl.hostname) &&
    !ssoUrl.pathname.endsWith('/dev-saml-idp')
  ) {
    throw new SamlError('The SSO URL must use https.');
  }
  const domains = [...new Set(input.emailDomains.map((d) => d.trim().toLowerCase()))];
  const taken = await idpClaimingAnyDomain(db, domains);
  if (taken) throw new SamlError('One of these email domains already signs in through another identity provider.');
  return insertIdp(db, {
    id: input.id ?? `0oa${randomBytes(8).toString('hex')}`,
    organization_id: input.organizationId,
    name: input.name,
    entity_id: settings.entityId,
    sso_url: settings.ssoUrl,
    certificate,
    email_domains: domains,
    internal_admin_group: input.internalAdminGroup ?? null,
  });
}

/** Accepts a PEM certificate or its bare base64 body; refuses anything that is not an X.509 certificate. */
export function certificateToPem(certificate: string): string {
  const body = certificate.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
  } catch {
    throw new SamlError('The certificate is not a valid X.509 certificate.');
  }
  return pem;
}

export async function listSamlIdps(db: Db, organizationId: number): Promise<SamlIdp[]> {
  return idpsOf(db, organizationId);
}

/** Sets or clears the IdP's internal-admin group (internal admins only, see the route); null when the organisation has no such IdP. */
export async function setInternalAdminGroup(
  db: Db,
  actorUserId: string,
  organizationId: number,
  id: string,
  group: string | null,
): Promise<SamlIdp | null> {
  return db.transaction().execute(async (trx) => {
    const row = await updateIdpInternalAdminGroup(trx, organizationId, id, group);
    if (row)
      await writeAudit(trx, {
        actorUserId,
        organizationId,
        action: 'sso.internal_admin_group',
        subject: id,
        details: { internalAdminGroup: group },
      });
    return row ?? null;
  });
}

export async function deleteSamlIdp(db: Db, organizationId: number, id: string): Promise<boolean> {
  return deleteIdp(db, organizationId, id);
}

export interface SpUrls {
  /** Base of the provider's URLs: {issuer}. */
  issuer: string;
}
export const spEntityId = (urls: SpUrls) => `${urls.issuer}/saml2/sp`;
export const acsUrl = (urls: SpUrls, idpId: string) => `${urls.issuer}/sso/saml2/${idpId}/acs`;

function serviceProvider(idp: SamlIdp, urls: SpUrls, requestId?: string): SAML {
  return new SAML({
    entryPoint: idp.sso_url,
    issuer: spEntityId(urls),
    audience: spEntityId(urls),
    callbackUrl: acsUrl(urls, idp.id),
    idpCert: idp.certificate,
    idpIssuer: idp.entity_id,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: 60_000,
    disableRequestedAuthnContext: true,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** Starts SP-initiated SSO: remembers where to return, and builds the AuthnRequest redirect. */
export async function startSso(
  db: Db,
  idp: SamlIdp,
  urls: SpUrls,
  input: { redirectUri: string; loginHint?: string },
): Promise<string> {
  const id = `_${randomBytes(20).toString('hex')}`;
  await insertSamlRequest(db, {
    id,
    idpId: idp.id,
    redirectUri: input.redirectUri,
    loginHint: input.loginHint ?? null,
    expiresAt: new Date(Date.now() + SAML_REQUEST_TTL_MINUTES * 60_000),
  });
  const additionalParams: Record<string, string> = input.loginHint ? { login_hint: input.loginHint } : {};
  return serviceProvider(idp, urls, id).getAuthorizeUrlAsync(id, undefined, { additionalParams });
}

function attribute(profile: Profile, names: string[]): unknown {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const name of names) if (attributes[name] !== undefined) return attributes[name];
  return undefined;
}
/** Role groups Z-VIEW derives itself (accounts.ts userClaims): never taken from an assertion. */
const RESERVED_GROUPS = new Set<string>(SAML_RESERVED_GROUPS);
const asString = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const asList = (value: unknown) =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is string => typeof v === 'string');

/**
 * Validates a SAML response at the ACS (signature against the registered certificate, issuer,
 * audience, time conditions, InResponseTo of a request we made and have not used), then
 * provisions the user just in time with the assertion's groups as externalGroups.
 */
export async function completeSso(
  db: Db,
  idp: SamlIdp,
  urls: SpUrls,
  input: { samlResponse: string; relayState: string },
): Promise<{ user: UserRow; redirectUri: string }> {
  const request = await consumeLiveSamlRequest(db, idp.id, input.relayState);
  if (!request) throw new SamlError('The sign-in request is unknown, expired or already used.');

  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(idp, urls).validatePostResponseAsync({
      SAMLResponse: input.samlResponse,
      RelayState: input.relayState,
    }));
  } catch (error) {
    // The parser's words (xmldom's positions, entity names) help us, not the person signing in.
    throw new SamlError(
      'The SAML response was refused: it is not a valid, signed response from your identity provider.',
      error instanceof Error ? error.message : String(error),
    );
  }
  if (!profile) throw new SamlError('The SAML response carries no assertion.');
  if (profile.inResponseTo !== request.id) throw new SamlError('The SAML response does not answer our request.');

  const email = (asString(attribute(profile, ATTRIBUTE_NAMES.email)) || profile.nameID || '').toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(email) || email.length > 320)
    throw new SamlError('The assertion carries no email address.');
  if (!idp.email_domains.map((d) => d.toLowerCase()).includes(emailDomain(email))) {
    throw new SamlError(`The identity provider may not sign in users of ${emailDomain(email)}.`);
  }
  const firstName = asString(attribute(profile, ATTRIBUTE_NAMES.firstName)).slice(0, 100);
  const lastName = asString(attribute(profile, ATTRIBUTE_NAMES.lastName)).slice(0, 100);
  const asserted = [
    ...new Set(asList(attribute(profile, ATTRIBUTE_NAMES.groups)).map((g) => g.trim().slice(0, 200))),
  ].slice(0, 200);
  // Our own role groups are ours to give (issue 12): an IdP naming them grants nothing, and only
  // an IdP configured with an internal-admin group makes (or unmakes) internal admins.
  const groups = asserted.filter((g) => !RESERVED_GROUPS.has(g.toLowerCase()));
  const adminGroup = idp.internal_admin_group;

  const user = await db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, email);
    let user: UserRow;
    if (existing) {
      if (existing.status !== 'active') throw new SamlError('This account is not active.');
      user = await updateSamlUser(trx, existing.id, {
        firstName: firstName || existing.first_name,
        lastName: lastName || existing.last_name,
        groups,
        idpId: idp.id,
        ...(adminGroup ? { isInternalAdmin: groups.includes(adminGroup) } : {}),
      });
    } else {
      user = await insertSamlUser(trx, email, {
        firstName,
        lastName,
        groups,
        idpId: idp.id,
        isInternalAdmin: !!adminGroup && groups.includes(adminGroup),
      });
    }
    // An existing membership keeps its role and status: SSO never undoes a deactivation.
    await addMemberIfAbsent(trx, idp.organization_id, user.id);
    await writeAudit(trx, {
      actorUserId: user.id,
      organizationId: idp.organization_id,
      action: existing ? 'sso.sign_in' : 'sso.provisioned',
      subject: user.id,
      details: { idp: idp.id, groups },
    });
    return user;
  });
  return { user, redirectUri: request.redirect_uri };
}
