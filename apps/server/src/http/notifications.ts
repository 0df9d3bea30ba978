import {
  alertRuleIdParams,
  alertRuleInputSchema,
  alertRulePatchSchema,
  alertRuleSchema,
  alertRulesSchema,
  notificationIdParams,
  notificationsPageSchema,
  notificationsQuerySchema,
  pageQuerySchema,
  portfolioIdParamsSchema,
  unreadCountSchema,
  webhookEndpointIdParams,
  webhookEndpointInputSchema,
  webhookEndpointPatchSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookEndpointWithSecretSchema,
  webhookLogSchema,
  webhookRedeliveredSchema,
  webhookRedeliverParams,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { alertRulesOf, changeAlertRule, createAlertRule, removeAlertRule } from '../domain/notifications/alerts.js';
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
import {
  presentEndpoint,
  presentEndpointWithSecret,
  presentLog,
  presentNotification,
  presentRule,
} from './notification-presenters.js';
import { actorOf } from './portfolios/context.js';
import { noContent, withZod } from './route-config.js';

const ADMINS = 'Group admins of the organisation acted for.';

/**
 * The notification centre (every user, their own notifications in the organisation acted for),
 * alert rules of a portfolio and the organisation's webhook endpoints (group admins), issue 41.
 */
export async function registerNotificationRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { db } = app.ctx;
  const manage = { policy: 'monitoring:manage' } as const;

  app.get(
    '/caribou/notifications',
    {
      schema: {
        summary: 'My notifications, newest first',
        description: 'The notification centre of the caller in the organisation acted for, a page at a time.',
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
        summary: 'How many of my notifications are unread',
        description: 'The count the bell in the top bar shows.',
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
        summary: 'Mark one notification read',
        description: 'Only the caller’s own notification; answers the unread count left.',
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
        description: 'Every notification of the caller in the organisation acted for.',
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
        description: `${ADMINS} The rules that turn the portfolio’s recorded changes into alerts.`,
        params: portfolioIdParamsSchema,
        response: { 200: alertRulesSchema },
      },
      config: manage,
    },
    async (request) => ({ rules: (await alertRulesOf(db, actorOf(request), request.params.id)).map(presentRule) }),
  );

  app.post(
    '/caribou/portfolio/:id/alert-rules',
    {
      schema: {
        summary: 'Add an alert rule to a portfolio',
        description: `${ADMINS} A level change, a score crossing a threshold, or a change of at least minDelta points; per product and cause or all; delivered in-app, by email digest, by webhook.`,
        params: portfolioIdParamsSchema,
        body: alertRuleInputSchema,
        response: { 201: alertRuleSchema },
      },
      config: manage,
    },
    async (request, reply) =>
      reply.status(201).send(presentRule(await createAlertRule(db, actorOf(request), request.params.id, request.body))),
  );

  app.patch(
    '/caribou/alert-rules/:id',
    {
      schema: {
        summary: 'Change an alert rule',
        description: `${ADMINS} Any of its fields, or enabled to switch it on or off; the changed rule must still fit together.`,
        params: alertRuleIdParams,
        body: alertRulePatchSchema,
        response: { 200: alertRuleSchema },
      },
      config: manage,
    },
    async (request) => presentRule(await changeAlertRule(db, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/caribou/alert-rules/:id',
    {
      schema: {
        summary: 'Remove an alert rule',
        description: `${ADMINS} Changes already recorded stay; no alert follows from this rule any more.`,
        params: alertRuleIdParams,
        response: { 204: noContent('Removed') },
      },
      config: manage,
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
        summary: 'Webhook endpoints of the organisation',
        description: `${ADMINS} Each endpoint with its state and its secrets by their last characters only.`,
        response: { 200: webhookEndpointsSchema },
      },
      config: manage,
    },
    async (request) => ({ endpoints: (await endpointsOf(db, actorOf(request))).map(presentEndpoint) }),
  );

  app.post(
    '/caribou/webhooks/endpoints',
    {
      schema: {
        summary: 'Add a webhook endpoint (signed per Standard Webhooks)',
        description: `${ADMINS} https (http only to localhost); eventTypes empty means every event. The answer holds the signing secret, shown only this once.`,
        body: webhookEndpointInputSchema,
        response: { 201: webhookEndpointWithSecretSchema },
      },
      config: manage,
    },
    async (request, reply) =>
      reply.status(201).send(presentEndpointWithSecret(await createEndpoint(db, actorOf(request), request.body))),
  );

  app.patch(
    '/caribou/webhooks/endpoints/:id',
    {
      schema: {
        summary: 'Change or enable/disable a webhook endpoint',
        description: `${ADMINS} Its URL, description, event types, or enabled (switched off by hand or after sustained failure).`,
        params: webhookEndpointIdParams,
        body: webhookEndpointPatchSchema,
        response: { 200: webhookEndpointSchema },
      },
      config: manage,
    },
    async (request) => presentEndpoint(await changeEndpoint(db, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/caribou/webhooks/endpoints/:id',
    {
      schema: {
        summary: 'Remove a webhook endpoint',
        description: `${ADMINS} Its pending deliveries are dropped with it.`,
        params: webhookEndpointIdParams,
        response: { 204: noContent('Removed') },
      },
      config: manage,
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
        summary: 'Rotate the signing secret (the old one signs for 24 h more)',
        description: `${ADMINS} The answer holds the new secret, shown only this once; messages carry both signatures for 24 hours.`,
        params: webhookEndpointIdParams,
        response: { 200: webhookEndpointWithSecretSchema },
      },
      config: manage,
    },
    async (request) => presentEndpointWithSecret(await rotateSecret(db, actorOf(request), request.params.id)),
  );

  app.get(
    '/caribou/webhooks/endpoints/:id/log',
    {
      schema: {
        summary: 'Delivery log of an endpoint (attempts with response codes, deliveries)',
        description: `${ADMINS} Newest first, a page at a time: every attempt with its response code, and each message’s delivery state.`,
        params: webhookEndpointIdParams,
        querystring: pageQuerySchema,
        response: { 200: webhookLogSchema },
      },
      config: manage,
    },
    async (request) => presentLog(await deliveryLog(db, actorOf(request), request.params.id, request.query)),
  );

  app.post(
    '/caribou/webhooks/endpoints/:id/messages/:messageId/redeliver',
    {
      schema: {
        summary: 'Send a message to the endpoint again',
        description: `${ADMINS} Due now, with its original webhook-id (the receiver’s dedupe key).`,
        params: webhookRedeliverParams,
        response: { 202: webhookRedeliveredSchema },
      },
      config: manage,
    },
    async (request, reply) => {
      const { id, messageId } = request.params;
      const lane = await redeliverMessage(db, actorOf(request), id, messageId.replace(/^msg_/, ''));
      return reply.status(202).send({ lane });
    },
  );
}
