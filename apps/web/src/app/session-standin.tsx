/**
 * TODO(shell): STAND-IN for the shell's `app/session.tsx` SessionContext. The shape is the one
 * agreed for the shell — { user, organizations, activeOrganization, enabledFeatures,
 * setActiveOrganization, logout } — plus the identity provider kind (SSO users see user
 * management read-only). At merge, imports switch to './session' and this file is deleted.
 */
import type { IdentityProviderLinkType, IdentityUser, OrganizationSummary } from '@zview/contracts';
import { createContext, useContext } from 'react';

export type IdentityProviderKind = 'Password' | 'SSO';
export type { IdentityProviderLinkType };

export interface Session {
  user: IdentityUser;
  organizations: OrganizationSummary[];
  activeOrganization: OrganizationSummary | null;
  enabledFeatures: string[];
  identityProvider: IdentityProviderKind;
  setActiveOrganization(id: number): void;
  logout(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
