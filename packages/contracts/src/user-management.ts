import { z } from 'zod';

/** Request and response bodies of /api/user-management (SPEC §7). */

export const TEAM_ROLES = ['user', 'admin'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { user: 'User', admin: 'Admin' };

/** Member statuses; unknown statuses from the identity provider are shown as they come. */
export const MEMBER_STATUS_LABELS: Record<string, string> = {
  ACTIVE: 'Active',
  PROVISIONED: 'Pending activation',
  DEACTIVATED: 'Deactivated',
  SUSPENDED: 'Suspended',
};

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const userProfileSchema = z.object({ firstName: name('First name'), lastName: name('Last name') });
export type UserProfile = z.infer<typeof userProfileSchema>;

export const memberEmailSchema = z.string().trim().toLowerCase().min(1, 'Email is required').email('Enter a valid email address');

/** GET /api/user-management/user/me */
export const meResponseSchema = z.object({ id: z.string(), email: z.string(), profile: z.object({ firstName: z.string(), lastName: z.string() }) });
export type MeResponse = z.infer<typeof meResponseSchema>;
/** POST /api/user-management/user/me */
export const updateMeRequestSchema = z.object({ profile: userProfileSchema });
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

/** GET /api/user-management/group/members */
export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.string(),
  role: z.enum(TEAM_ROLES),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMembersResponseSchema = z.object({ members: z.array(teamMemberSchema) });
export type TeamMembersResponse = z.infer<typeof teamMembersResponseSchema>;

/** POST /api/user-management/group/users/{assign-to-admin,activate,deactivate,delete} */
export const TEAM_BULK_ACTIONS = ['assign-to-admin', 'activate', 'deactivate', 'delete'] as const;
export type TeamBulkAction = (typeof TEAM_BULK_ACTIONS)[number];
export const bulkUsersRequestSchema = z.object({ userIds: z.array(z.string().min(1)).min(1) });
export type BulkUsersRequest = z.infer<typeof bulkUsersRequestSchema>;

/** POST /api/user-management/group/user/create */
export const createMemberRequestSchema = z.object({
  profile: userProfileSchema.extend({ email: memberEmailSchema }),
  role: z.enum(TEAM_ROLES),
});
export type CreateMemberRequest = z.infer<typeof createMemberRequestSchema>;

/** POST /api/user-management/user/update */
export const updateMemberRequestSchema = z.object({ profile: userProfileSchema, userId: z.string().min(1), role: z.enum(TEAM_ROLES) });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;
