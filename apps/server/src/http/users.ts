import {
  bulkUsersResponseSchema,
  createUserRequestSchema,
  groupMembersResponseSchema,
  passwordResetSentResponseSchema,
  updateMeRequestSchema,
  updateUserRequestSchema,
  userIdsRequestSchema,
  userInvitedResponseSchema,
  userProfileResponseSchema,
  userUpdatedResponseSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor.js';
import { requestPasswordReset } from '../auth/password-reset.js';
import {
  assignAdmin,
  createMember,
  listMembers,
  myProfile,
  organizationSummary,
  setMembersStatus,
  updateMember,
  updateMyProfile,
} from '../domain/identity/team.js';
import { mailSettings } from './password-reset.js';
import { withZod } from './route-config.js';

/** User management (SPEC §7 "Organisations and users"); the policy is checked by the auth hook. */
export async function registerUserRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;
  const base = '/user-management';

  app.get(
    `${base}/user/me`,
    {
      schema: {
        summary: 'My profile',
        description: 'The signed-in user’s profile: name, email, phone, organisations and role.',
        response: { 200: userProfileResponseSchema },
      },
      config: { policy: 'user:read-self' },
    },
    async (request) => myProfile(db, request.actor!),
  );

  app.post(
    `${base}/user/me`,
    {
      schema: {
        summary: 'Update my profile',
        description: 'Changes the signed-in user’s own name and phone; answers the updated profile.',
        body: updateMeRequestSchema,
        response: { 200: userProfileResponseSchema },
      },
      config: { policy: 'user:update-self' },
    },
    async (request) => updateMyProfile(db, request.actor!, request.body.profile),
  );

  app.post(
    `${base}/user/me/forget-password`,
    {
      schema: {
        summary: 'Send me a password reset',
        description: 'Emails the signed-in user a link to set a new password.',
        response: { 200: passwordResetSentResponseSchema },
      },
      config: { policy: 'user:forget-password' },
    },
    async (request) => {
      await requestPasswordReset(db, request.actor!.email, mailSettings(app));
      return { status: 'sent' as const };
    },
  );

  app.post(
    `${base}/user/update`,
    {
      schema: {
        summary: 'Update a team member',
        description:
          'Group admins (and internal admins): change a member’s name, phone or role in the organisation acted for.',
        body: updateUserRequestSchema,
        response: { 200: userUpdatedResponseSchema },
      },
      config: { policy: 'team:manage' },
    },
    async (request) => {
      await updateMember(db, request.actor!, request.body);
      return { status: 'updated' as const };
    },
  );

  app.get(
    `${base}/group/members`,
    {
      schema: {
        summary: 'Team members',
        description: 'The organisation acted for and its members with their roles and statuses.',
        response: { 200: groupMembersResponseSchema },
      },
      config: { policy: 'team:read' },
    },
    async (request) => ({
      organization: organizationSummary(request.actor!),
      members: await listMembers(db, request.actor!),
    }),
  );

  const bulk = [
    ['assign-to-admin', (actor, ids) => assignAdmin(db, actor, ids)],
    ['activate', (actor, ids) => setMembersStatus(db, actor, ids, 'active')],
    ['deactivate', (actor, ids) => setMembersStatus(db, actor, ids, 'deactivated')],
    ['delete', (actor, ids) => setMembersStatus(db, actor, ids, 'deleted')],
  ] as const satisfies readonly (readonly [string, (actor: Actor, ids: string[]) => Promise<void>])[];
  for (const [action, run] of bulk) {
    app.post(
      `${base}/group/users/${action}`,
      {
        schema: {
          summary: `Team members: ${action.replaceAll('-', ' ')}`,
          description: `Group admins (and internal admins): ${action.replaceAll('-', ' ')} the members named in \`userIds\` of the organisation acted for.`,
          body: userIdsRequestSchema,
          response: { 200: bulkUsersResponseSchema },
        },
        config: { policy: 'team:manage' },
      },
      async (request) => {
        const { userIds } = request.body;
        await run(request.actor!, userIds);
        return { status: 'ok' as const, userIds };
      },
    );
  }

  app.post(
    `${base}/group/user/create`,
    {
      schema: {
        summary: 'Add a team member',
        description:
          'Group admins (and internal admins): adds a member to the organisation acted for. 201 with the profile when the user exists; 202 when an invitation was emailed.',
        body: createUserRequestSchema,
        response: { 201: userProfileResponseSchema, 202: userInvitedResponseSchema },
      },
      config: { policy: 'team:manage' },
    },
    async (request, reply) => {
      const result = await createMember(db, request.actor!, request.body, mailSettings(app));
      return result.status === 'created' ? reply.status(201).send(result.profile) : reply.status(202).send(result);
    },
  );
}
