/** The auth feature's public surface for the shell. */
export {
  RealSessionProvider,
  AuthGate,
  OrganizationsGate,
  fetchOrganizations,
  type AuthenticatedIdentity,
} from './RealSessionProvider';
// Not ErrorScreen (drawn with MUI): the first screens do without MUI (issue 45); it loads when shown.
export { IdentityProviderProvider, useIdentityProvider } from './context';
// Not idp.ts (oidc-client-ts): the app loads it behind idp-lazy.ts, after its first page (issue 45).
export { IDP_PATHS, type IdentityProvider } from './idp-core';
export { logout } from './logout';
export { decodeUser } from './user';
export const LoginCallbackRoute = () => import('./LoginCallbackPage');
export const SilentRenewRoute = () => import('./SilentRenewPage');
