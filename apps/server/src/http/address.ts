import {
  addressAutocompleteQuerySchema,
  addressAutocompleteResponseSchema,
  type AddressAutocompleteResponse,
} from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { autocompleteAddresses } from '../domain/geocoder/autocomplete.js';

/** Address search box: suggestions while typing. */
export async function registerAddressRoutes(app: FastifyInstance) {
  app.get(
    '/caribou/property/autocomplete',
    {
      schema: { response: { 200: addressAutocompleteResponseSchema } },
      config: { policy: 'property:read', openapi: { query: addressAutocompleteQuerySchema } },
    },
    async (request): Promise<AddressAutocompleteResponse> => {
      const query = addressAutocompleteQuerySchema.parse(request.query);
      return { results: await autocompleteAddresses(app.ctx.db, query.q, query.limit) };
    },
  );
}
