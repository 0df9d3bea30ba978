import type { Session } from '../../app/session-standin'; // TODO(shell): '../../app/session'

/**
 * Team-page abilities (SPEC §5, §6): SSO users see user management read-only; group admins
 * manage members otherwise. (The shell's route guards keep trial and external-group users out.)
 */
export function teamAccess(session: Pick<Session, 'user' | 'identityProvider'>) {
  const readOnly = session.identityProvider === 'SSO';
  return { readOnly, canManage: session.user.isGroupAdmin && !readOnly };
}
