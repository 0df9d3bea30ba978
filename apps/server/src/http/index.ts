import { healthResponseSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { registerImageryRoutes } from './imagery.js';
import { registerImageryMosaicRoutes } from './imagery-mosaics.js';
import { registerAddressRoutes } from './address.js';
import { registerPropertyRoutes } from './property.js';
import { registerProductOverviewRoutes } from './product-overview.js';
import { authenticationHook } from './authenticate.js';
import { registerFaqRoutes, registerSamlIdpRoutes } from './identity.js';
import { registerOrganizationRoutes } from './organizations.js';
import { registerUserRoutes } from './users.js';
import { registerPortfolioRoutes } from './portfolios/index.js';
import { registerAnalyticsRoutes } from './analytics.js';
import { registerBillingRoutes } from './billing.js';
import { registerCustomerRoutes } from './customers.js';
import { registerMockRoutes } from './mocks.js';
import { registerAppealRoutes } from './appeals/index.js';
import { registerMitigationRoutes } from './mitigation.js';
import { registerNoticeRoutes } from './notices.js';
import { registerZorroRoutes } from './zorro.js';
import { registerApiKeyRoutes } from './api-keys.js';
import { registerOpenApiRoutes } from './openapi.js';
import { registerMonitoringRoutes } from './monitoring.js';
import { registerNotificationRoutes } from './notifications.js';

/**
 * Every /api route group, one file each. A route declares `config.policy`: the name of the
 * permission it asks for, or 'public'. A test enumerates the routes and checks each declares one.
 */
export async function registerApiRoutes(app: FastifyInstance) {
  app.addHook('onRequest', authenticationHook(app));
  // What a signed-in caller reads is theirs: no shared or browser cache keeps it (issue 12).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.actor && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema } }, config: { policy: 'public' } },
    async () => ({ status: 'ok' }),
  );
  await registerImageryRoutes(app);
  await registerImageryMosaicRoutes(app);
  await registerAddressRoutes(app);
  await registerPropertyRoutes(app);
  await registerProductOverviewRoutes(app);
  await registerOrganizationRoutes(app);
  await registerFaqRoutes(app);
  await registerUserRoutes(app);
  await registerSamlIdpRoutes(app);
  await app.register(registerPortfolioRoutes);
  await registerAnalyticsRoutes(app);
  await registerBillingRoutes(app);
  await registerCustomerRoutes(app);
  await registerMockRoutes(app);
  await app.register(registerAppealRoutes);
  await registerMitigationRoutes(app);
  await registerNoticeRoutes(app);
  await registerZorroRoutes(app);
  await registerApiKeyRoutes(app);
  await registerMonitoringRoutes(app);
  await registerNotificationRoutes(app);
  await registerOpenApiRoutes(app);
}
