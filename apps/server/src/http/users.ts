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

/** User management (SPEC §7 "Organisations and users"); the policy is checked by the auth hook. */
export async function registerUserRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const base = '/user-management';

  app.get(
    `${base}/user/me`,
    { schema: { response: { 200: userProfileResponseSchema } }, config: { policy: 'user:read-self' } },
    async (request) => myProfile(db, request.actor!),
  );

  app.post(
    `${base}/user/me`,
    { schema: { response: { 200: userProfileResponseSchema } }, config: { policy: 'user:update-self' } },
    async (request) => {
      const body = updateMeRequestSchema.parse(request.body ?? {});
      return updateMyProfile(db, request.actor!, body.profile);
    },
  );

  app.post(
    `${base}/user/me/forget-password`,
    { schema: { response: { 200: passwordResetSentResponseSchema } }, config: { policy: 'user:forget-password' } },
    async (request) => {
      await requestPasswordReset(db, request.actor!.email, mailSettings(app));
      return { status: 'sent' };
    },
  );

  app.post(
    `${base}/user/update`,
    { schema: { response: { 200: userUpdatedResponseSchema } }, config: { policy: 'team:manage' } },
    async (request) => {
      const body = updateUserRequestSchema.parse(request.body ?? {});
      await updateMember(db, request.actor!, body);
      return { status: 'updated' };
    },
  );

  app.get(
    `${base}/group/members`,
    { schema: { response: { 200: groupMembersResponseSchema } }, config: { policy: 'team:read' } },
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
      { schema: { response: { 200: bulkUsersResponseSchema } }, config: { policy: 'team:manage' } },
      async (request) => {
        const { userIds } = userIdsRequestSchema.parse(request.body ?? {});
        await run(request.actor!, userIds);
        return { status: 'ok', userIds };
      },
    );
  }

  app.post(
    `${base}/group/user/create`,
    {
      schema: { response: { 201: userProfileResponseSchema, 202: userInvitedResponseSchema } },
      config: { policy: 'team:manage' },
    },
    async (request, reply) => {
      const body = createUserRequestSchema.parse(request.body ?? {});
      const result = await createMember(db, request.actor!, body, mailSettings(app));
      return result.status === 'created' ? reply.status(201).send(result.profile) : reply.status(202).send(result);
    },
  );
}
