import { addressAutocompleteQuerySchema, addressAutocompleteResponseSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { autocompleteAddresses } from '../domain/geocoder/autocomplete.js';
import { withZod } from './route-config.js';

/** Address search box: suggestions while typing. */
export async function registerAddressRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  app.get(
    '/caribou/property/autocomplete',
    {
      schema: {
        summary: 'Address suggestions',
        description:
          'Addresses of the sample world (or imported data) matching what the user has typed so far, best first.',
        querystring: addressAutocompleteQuerySchema,
        response: { 200: addressAutocompleteResponseSchema },
      },
      config: { policy: 'property:read' },
    },
    async (request) => ({ results: await autocompleteAddresses(app.ctx.db, request.query.q, request.query.limit) }),
  );
}
