import {
  alertRuleInputSchema,
  alertRuleSchema,
  alertRulesSchema,
  notificationIdParams,
  notificationsPageSchema,
  notificationsQuerySchema,
  pageQuerySchema,
  unreadCountSchema,
  webhookEndpointInputSchema,
  webhookEndpointPatchSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookLogSchema,
  webhookRedeliverParams,
  webhookRedeliveryResponseSchema,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { alertRulesOf, createAlertRule, removeAlertRule } from '../domain/notifications/alerts.js';
import { inbox, readNotification, unreadCount } from '../domain/notifications/inbox.js';
import {
  changeEndpoint,
  createEndpoint,
  deliveryLog,
  endpointsOf,
  redeliverMessage,
  removeEndpoint,
  rotateSecret,
} from '../domain/notifications/webhooks.js';
import { presentEndpoint, presentLog, presentNotification, presentRule } from './notification-presenters.js';
import { actorOf, idParams } from './portfolios/context.js';
import { noContent, withZod } from './route-config.js';

/**
 * The notification centre (every user, their own notifications in the organisation acted for),
 * alert rules of a portfolio and the organisation's webhook endpoints (group admins), issue 41.
 */
export async function registerNotificationRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;

  app.get(
    '/caribou/notifications',
    {
      schema: {
        summary: 'My notifications',
        description: 'The caller’s notifications in the organisation acted for, newest first, with the unread count.',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema },
      },
      config: { policy: 'authenticated' },
    },
    async (request) => {
      const page = await inbox(db, actorOf(request), request.query);
      return { items: page.items.map(presentNotification), unread: page.unread };
    },
  );

  app.get(
    '/caribou/notifications/unread-count',
    {
      schema: {
        summary: 'My unread notifications',
        description: 'How many of the caller’s notifications are unread (the bell’s badge).',
        response: { 200: unreadCountSchema },
      },
      config: { policy: 'authenticated' },
    },
    async (request) => ({ unread: await unreadCount(db, actorOf(request)) }),
  );

  app.post(
    '/caribou/notifications/:id/read',
    {
      schema: {
        summary: 'Mark a notification read',
        description: 'Marks one of the caller’s notifications read; answers the unread count left.',
        params: notificationIdParams,
        response: { 200: unreadCountSchema },
      },
      config: { policy: 'authenticated' },
    },
    async (request) => ({ unread: await readNotification(db, actorOf(request), request.params.id) }),
  );

  app.post(
    '/caribou/notifications/read-all',
    {
      schema: {
        summary: 'Mark all my notifications read',
        description: 'Marks every notification of the caller in the organisation acted for read.',
        response: { 200: unreadCountSchema },
      },
      config: { policy: 'authenticated' },
    },
    async (request) => ({ unread: await readNotification(db, actorOf(request), null) }),
  );

  // Alert rules of a portfolio.
  app.get(
    '/caribou/portfolio/:id/alert-rules',
    {
      schema: {
        summary: 'Alert rules of a portfolio',
        description: 'Group admins: the rules that notify when a monitored portfolio’s scores change.',
        params: idParams,
        response: { 200: alertRulesSchema },
      },
      config: { policy: 'monitoring:manage' },
    },
    async (request) => ({ rules: (await alertRulesOf(db, actorOf(request), request.params.id)).map(presentRule) }),
  );

  app.post(
    '/caribou/portfolio/:id/alert-rules',
    {
      schema: {
        summary: 'Add an alert rule',
        description:
          'Group admins: a rule on a portfolio (a level change, a threshold or a delta) and the channels it notifies.',
        params: idParams,
        body: alertRuleInputSchema,
        response: { 201: alertRuleSchema },
      },
      config: { policy: 'monitoring:manage' },
    },
    async (request, reply) =>
      reply.status(201).send(presentRule(await createAlertRule(db, actorOf(request), request.params.id, request.body))),
  );

  app.delete(
    '/caribou/alert-rules/:id',
    {
      schema: {
        summary: 'Remove an alert rule',
        description: 'Group admins: the rule stops notifying.',
        params: idParams,
        response: { 204: noContent('Removed') },
      },
      config: { policy: 'monitoring:manage', rawResponse: true },
    },
    async (request, reply) => {
      await removeAlertRule(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // Webhook endpoints of the organisation.
  app.get(
    '/caribou/webhooks/endpoints',
    {
      schema: {
        summary: 'Webhook endpoints',
        description: 'Group admins: the organisation’s webhook endpoints and the events each receives.',
        response: { 200: webhookEndpointsSchema },
      },
      config: { policy: 'monitoring:manage' },
    },
    async (request) => ({ endpoints: (await endpointsOf(db, actorOf(request))).map(presentEndpoint) }),
  );

  app.post(
    '/caribou/webhooks/endpoints',
    {
      schema: {
        summary: 'Add a webhook endpoint',
        description:
          'Group admins: an HTTPS endpoint receiving the chosen events, signed per Standard Webhooks; the answer holds its signing secret.',
        body: webhookEndpointInputSchema,
        response: { 201: webhookEndpointSchema },
      },
      config: { policy: 'monitoring:manage' },
    },
    async (request, reply) =>
      reply.status(201).send(presentEndpoint(await createEndpoint(db, actorOf(request), request.body))),
  );

  app.patch(
    '/caribou/webhooks/endpoints/:id',
    {
      schema: {
        summary: 'Change a webhook endpoint',
        description: 'Group admins: its URL, events or description, or enables/disables it.',
        params: idParams,
        body: webhookEndpointPatchSchema,
        response: { 200: webhookEndpointSchema },
      },
      config: { policy: 'monitoring:manage' },
    },
    async (request) => presentEndpoint(await changeEndpoint(db, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/caribou/webhooks/endpoints/:id',
    {
      schema: {
        summary: 'Remove a webhook endpoint',
        description: 'Group admins: the endpoint receives nothing more.',
        params: idParams,
        response: { 204: noContent('Removed') },
      },
      config: { policy: 'monitoring:manage', rawResponse: true },
    },
    async (request, reply) => {
      await removeEndpoint(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/caribou/webhooks/endpoints/:id/rotate',
    {
      schema: {
        summary: 'Rotate a webhook signing secret',
        description: 'Group admins: a new signing secret; the old one keeps signing for 24 h more.',
        params: idParams,
        response: { 200: webhookEndpointSchema },
      },
      config: { policy: 'monitoring:manage' },
    },
    async (request) => presentEndpoint(await rotateSecret(db, actorOf(request), request.params.id)),
  );

  app.get(
    '/caribou/webhooks/endpoints/:id/log',
    {
      schema: {
        summary: 'Webhook delivery log',
        description: 'Group admins: an endpoint’s delivery attempts with their response codes, a page at a time.',
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: webhookLogSchema },
      },
      config: { policy: 'monitoring:manage' },
    },
    async (request) => presentLog(await deliveryLog(db, actorOf(request), request.params.id, request.query)),
  );

  app.post(
    '/caribou/webhooks/endpoints/:id/messages/:messageId/redeliver',
    {
      schema: {
        summary: 'Redeliver a webhook message',
        description: 'Group admins: sends a message to the endpoint again; answers the delivery lane it was queued on.',
        params: webhookRedeliverParams,
        response: { 202: webhookRedeliveryResponseSchema },
      },
      config: { policy: 'monitoring:manage' },
    },
    async (request, reply) => {
      const { id, messageId } = request.params;
      const lane = await redeliverMessage(db, actorOf(request), id, messageId.replace(/^msg_/, ''));
      return reply.status(202).send({ lane });
    },
  );
}
