import {
  NO_ABILITIES,
  SESSION_STORAGE_KEYS,
  STORAGE_KEYS,
  isSelectedProductValid,
  type IdentityProviderKind,
  type PermissionContext,
  type SessionOrganization,
  type SessionUser,
} from '@zview/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { identify, logoutAnalytics, setAnalyticsOrganization } from '../api/analytics';
import { setTargetOrganizationId } from '../api/client';
import { useRuntimeConfig } from './runtime-config';

/**
 * The single seam between identity (sign-in, tokens, organisations) and the rest of the app.
 * Everything inside the authenticated shell reads the session from here and nowhere else.
 */
export interface Session {
  user: SessionUser;
  organizations: SessionOrganization[];
  /** The organisation requests act for; null only when the user has no organisation. */
  activeOrganization: SessionOrganization | null;
  /** Product and feature keys of the active organisation. */
  enabledFeatures: string[];
  identityProvider: IdentityProviderKind;
  setActiveOrganization(id: number): void;
  logout(): Promise<void>;
  /** The user saved their name (Account Settings): the shell shows it at once, without a new token. */
  updateProfile(profile: { firstName: string; lastName: string }): void;
  /** The context the shared permission rules (contracts/permissions) take. */
  permissions: PermissionContext;
}

/** What the identity work supplies once the user is authenticated and authorised. */
export interface SessionProviderProps {
  user: SessionUser;
  organizations: SessionOrganization[];
  identityProvider: IdentityProviderKind;
  /** Tracks the logout event and revokes the access token; storage is cleared here first. */
  onLogout: () => Promise<void> | void;
  /** Optional id to start with (else the stored id, else the first organisation). */
  initialOrganizationId?: number;
  children: ReactNode;
}

const SessionContext = createContext<Session | null>(null);

function storedOrganizationId(): number | undefined {
  const raw = localStorage.getItem(STORAGE_KEYS.selectedOrganizationId);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) ? id : undefined;
}

/** The active organisation: the chosen id, else the stored one, else the first in the list (SPEC §4). */
export function pickOrganization(
  organizations: SessionOrganization[],
  preferredId?: number,
): SessionOrganization | null {
  const wanted = preferredId ?? storedOrganizationId();
  return organizations.find((org) => org.id === wanted) ?? organizations[0] ?? null;
}

/** Clears a stored selected product that the organisation does not enable (SPEC §4). */
function dropInvalidSelectedProduct(enabledFeatures: string[]) {
  const raw = localStorage.getItem(STORAGE_KEYS.userSelectedProduct);
  if (raw === null) return;
  let value: unknown;
  try {
    value = (JSON.parse(raw) as { value?: unknown }).value;
  } catch {
    value = undefined;
  }
  if (typeof value !== 'string' || !isSelectedProductValid(value, enabledFeatures))
    localStorage.removeItem(STORAGE_KEYS.userSelectedProduct);
}

export function SessionProvider({
  user: tokenUser,
  organizations,
  identityProvider,
  onLogout,
  initialOrganizationId,
  children,
}: SessionProviderProps) {
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const [activeId, setActiveId] = useState(() => pickOrganization(organizations, initialOrganizationId)?.id ?? null);
  // The token's names until the user saves new ones in this session.
  const [savedProfile, setSavedProfile] = useState<{ firstName: string; lastName: string } | null>(null);
  const user = useMemo<SessionUser>(
    () =>
      savedProfile
        ? {
            ...tokenUser,
            firstName: savedProfile.firstName,
            lastName: savedProfile.lastName,
            profile: { ...tokenUser.profile, ...savedProfile },
          }
        : tokenUser,
    [tokenUser, savedProfile],
  );
  const updateProfile = useCallback(
    (profile: { firstName: string; lastName: string }) =>
      setSavedProfile({ firstName: profile.firstName, lastName: profile.lastName }),
    [],
  );
  const activeOrganization = organizations.find((org) => org.id === activeId) ?? organizations[0] ?? null;
  // Synchronised during render, not in an effect: children's queries start in their own effects,
  // which run before this component's, and must already carry target_organization_id.
  setTargetOrganizationId(activeOrganization?.id);
  // Likewise for analytics: the first page_view of the shell already belongs to the user and
  // organisation (both calls do nothing when nothing changed).
  identify(user);
  setAnalyticsOrganization(activeOrganization);

  const setActiveOrganization = useCallback(
    (id: number) => {
      const next = organizations.find((org) => org.id === id);
      if (!next) return;
      localStorage.setItem(STORAGE_KEYS.selectedOrganizationId, String(id));
      dropInvalidSelectedProduct(next.products);
      setTargetOrganizationId(id);
      setActiveId(id);
      // Everything cached so far answered for the previous organisation.
      void queryClient.invalidateQueries();
    },
    [organizations, queryClient],
  );

  const logout = useCallback(async () => {
    // logout_completed, then close-and-flush while the session and token are still there.
    await logoutAnalytics();
    localStorage.removeItem(STORAGE_KEYS.selectedOrganizationId);
    sessionStorage.removeItem(SESSION_STORAGE_KEYS.sessionId);
    sessionStorage.removeItem(SESSION_STORAGE_KEYS.sessionRestoreUrl);
    setTargetOrganizationId(undefined);
    // Revoke first, then drop the cache: clearing it while the shell is still mounted made the
    // organisations query fetch again with the token being revoked (a 401 in the console, issue 45).
    await queryClient.cancelQueries();
    await onLogout();
    queryClient.clear();
  }, [onLogout, queryClient]);

  const session = useMemo<Session>(() => {
    const enabledFeatures = activeOrganization?.products ?? [];
    return {
      user,
      organizations,
      activeOrganization,
      enabledFeatures,
      identityProvider,
      setActiveOrganization,
      logout,
      updateProfile,
      permissions: {
        user,
        // What the server presented for the active organisation: guards and menus decide nothing themselves.
        abilities: activeOrganization?.abilities ?? NO_ABILITIES,
        enabledFeatures,
        organizationCount: organizations.length,
        // The switcher follows the user: some organisation presents it (an admin of A acting for B can go back).
        switchOrganizationAnywhere: organizations.some((org) => org.abilities.switchOrganization),
        activeOrganizationId: activeOrganization?.id ?? null,
        identityProvider,
        flags: {
          userManagement: config.USER_MANAGEMENT_ENABLED,
          billingPage: config.BILLING_PAGE_ENABLED,
          portfolio: config.PORTFOLIO_ENABLED,
        },
        env: config.ENV,
      },
    };
  }, [user, organizations, activeOrganization, identityProvider, setActiveOrganization, logout, updateProfile, config]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** The session when signed in, null outside the authenticated shell (login page, boot errors). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}
