import { canManageTeamMembers, isUserManagementReadOnly } from '@zview/contracts';
import type { Session } from '../../session/session';

/**
 * Team-page abilities (SPEC §5, §6), from the shared permission rules: SSO users see user
 * management read-only; group admins manage members otherwise.
 */
export function teamAccess(session: Pick<Session, 'permissions'>) {
  return {
    readOnly: isUserManagementReadOnly(session.permissions),
    canManage: canManageTeamMembers(session.permissions),
    /** Alert rules and webhook endpoints (issue 41): group admins of an organisation with portfolios. */
    canManageAlerts: session.permissions.abilities.monitoringManage,
    /** The organisation's wording of score notices (issue 42). */
    canManageNotices: session.permissions.abilities.noticesManage,
  };
}
