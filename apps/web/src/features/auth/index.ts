/** The auth feature's public surface for the shell. */
export {
  RealSessionProvider,
  AuthGate,
  OrganizationsGate,
  fetchOrganizations,
  type AuthenticatedIdentity,
} from './RealSessionProvider';
export { ErrorScreen, LogoutButton } from './ErrorScreen';
export { IdentityProviderProvider, useIdentityProvider } from './context';
export { createIdentityProvider, IDP_PATHS, type IdentityProvider } from './idp';
export { logout } from './logout';
export { decodeUser } from './user';
export const LoginCallbackRoute = () => import('./LoginCallbackPage');
export const SilentRenewRoute = () => import('./SilentRenewPage');
