/**
 * TanStack Query keys, in one place so invalidation never guesses a key. Keys that depend on the
 * organisation include its id: switching organisation never shows another organisation's cache.
 * Features add their keys here (one line each) or in their own api/ folder under a root below.
 */
export const queryKeys = {
  version: ['version'] as const,
  organizations: ['organizations'] as const,
  me: ['user', 'me'] as const,
  faq: ['faq'] as const,
  organization: (organizationId: number | null) => ['organization', organizationId] as const,
};
