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
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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

/**
 * The notification centre (every user, their own notifications in the organisation acted for),
 * alert rules of a portfolio and the organisation's webhook endpoints (group admins), issue 41.
 */
export async function registerNotificationRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get(
    '/caribou/notifications',
    {
      schema: { response: { 200: notificationsPageSchema } },
      config: {
        policy: 'authenticated',
        openapi: { summary: 'My notifications, newest first', query: notificationsQuerySchema },
      },
    },
    async (request) => {
      const page = await inbox(db, actorOf(request), notificationsQuerySchema.parse(request.query));
      return { items: page.items.map(presentNotification), unread: page.unread };
    },
  );

  app.get(
    '/caribou/notifications/unread-count',
    {
      schema: { response: { 200: unreadCountSchema } },
      config: { policy: 'authenticated', openapi: { summary: 'How many of my notifications are unread' } },
    },
    async (request) => ({ unread: await unreadCount(db, actorOf(request)) }),
  );

  app.post(
    '/caribou/notifications/:id/read',
    {
      schema: { response: { 200: unreadCountSchema } },
      config: {
        policy: 'authenticated',
        openapi: { summary: 'Mark one notification read', params: notificationIdParams },
      },
    },
    async (request) => {
      const { id } = notificationIdParams.parse(request.params);
      return { unread: await readNotification(db, actorOf(request), id) };
    },
  );

  app.post(
    '/caribou/notifications/read-all',
    {
      schema: { response: { 200: unreadCountSchema } },
      config: { policy: 'authenticated', openapi: { summary: 'Mark all my notifications read' } },
    },
    async (request) => ({ unread: await readNotification(db, actorOf(request), null) }),
  );

  // Alert rules of a portfolio.
  app.get(
    '/caribou/portfolio/:id/alert-rules',
    {
      schema: { response: { 200: alertRulesSchema } },
      config: { policy: 'monitoring:manage', openapi: { summary: 'Alert rules of a portfolio', params: idParams } },
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return { rules: (await alertRulesOf(db, actorOf(request), id)).map(presentRule) };
    },
  );

  app.post(
    '/caribou/portfolio/:id/alert-rules',
    {
      schema: { response: { 201: alertRuleSchema } },
      config: {
        policy: 'monitoring:manage',
        openapi: { summary: 'Add an alert rule to a portfolio', params: idParams, body: alertRuleInputSchema },
      },
    },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const input = alertRuleInputSchema.parse(request.body);
      return reply.status(201).send(presentRule(await createAlertRule(db, actorOf(request), id, input)));
    },
  );

  app.delete(
    '/caribou/alert-rules/:id',
    {
      config: {
        policy: 'monitoring:manage',
        rawResponse: true,
        openapi: { summary: 'Remove an alert rule', params: idParams },
      },
    },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      await removeAlertRule(db, actorOf(request), id);
      return reply.status(204).send();
    },
  );

  // Webhook endpoints of the organisation.
  app.get(
    '/caribou/webhooks/endpoints',
    {
      schema: { response: { 200: webhookEndpointsSchema } },
      config: { policy: 'monitoring:manage', openapi: { summary: 'Webhook endpoints of the organisation' } },
    },
    async (request) => ({ endpoints: (await endpointsOf(db, actorOf(request))).map(presentEndpoint) }),
  );

  app.post(
    '/caribou/webhooks/endpoints',
    {
      schema: { response: { 201: webhookEndpointSchema } },
      config: {
        policy: 'monitoring:manage',
        openapi: { summary: 'Add a webhook endpoint (signed per Standard Webhooks)', body: webhookEndpointInputSchema },
      },
    },
    async (request, reply) => {
      const input = webhookEndpointInputSchema.parse(request.body);
      return reply.status(201).send(presentEndpoint(await createEndpoint(db, actorOf(request), input)));
    },
  );

  app.patch(
    '/caribou/webhooks/endpoints/:id',
    {
      schema: { response: { 200: webhookEndpointSchema } },
      config: {
        policy: 'monitoring:manage',
        openapi: {
          summary: 'Change or enable/disable a webhook endpoint',
          params: idParams,
          body: webhookEndpointPatchSchema,
        },
      },
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      const input = webhookEndpointPatchSchema.parse(request.body);
      return presentEndpoint(await changeEndpoint(db, actorOf(request), id, input));
    },
  );

  app.delete(
    '/caribou/webhooks/endpoints/:id',
    {
      config: {
        policy: 'monitoring:manage',
        rawResponse: true,
        openapi: { summary: 'Remove a webhook endpoint', params: idParams },
      },
    },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      await removeEndpoint(db, actorOf(request), id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/caribou/webhooks/endpoints/:id/rotate',
    {
      schema: { response: { 200: webhookEndpointSchema } },
      config: {
        policy: 'monitoring:manage',
        openapi: { summary: 'Rotate the signing secret (the old one signs for 24 h more)', params: idParams },
      },
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return presentEndpoint(await rotateSecret(db, actorOf(request), id));
    },
  );

  app.get(
    '/caribou/webhooks/endpoints/:id/log',
    {
      schema: { response: { 200: webhookLogSchema } },
      config: {
        policy: 'monitoring:manage',
        openapi: {
          summary: 'Delivery log of an endpoint (attempts with response codes, deliveries)',
          params: idParams,
          query: pageQuerySchema,
        },
      },
    },
    async (request) => {
      const { id } = idParams.parse(request.params);
      return presentLog(await deliveryLog(db, actorOf(request), id, pageQuerySchema.parse(request.query)));
    },
  );

  app.post(
    '/caribou/webhooks/endpoints/:id/messages/:messageId/redeliver',
    {
      schema: { response: { 202: z.object({ lane: z.string() }) } },
      config: {
        policy: 'monitoring:manage',
        openapi: { summary: 'Send a message to the endpoint again', params: webhookRedeliverParams },
      },
    },
    async (request, reply) => {
      const { id, messageId } = webhookRedeliverParams.parse(request.params);
      const lane = await redeliverMessage(db, actorOf(request), id, messageId.replace(/^msg_/, ''));
      return reply.status(202).send({ lane });
    },
  );
}
