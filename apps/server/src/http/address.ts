import { addressAutocompleteQuerySchema, type AddressAutocompleteResponse } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { autocompleteAddresses } from '../domain/geocoder/autocomplete.js';

/** Address search box: suggestions while typing. */
export async function registerAddressRoutes(app: FastifyInstance) {
  app.get('/property/autocomplete', { config: { policy: 'property:read' } }, async (request): Promise<AddressAutocompleteResponse> => {
    const query = addressAutocompleteQuerySchema.parse(request.query);
    return { results: await autocompleteAddresses(app.ctx.db, query.q, query.limit) };
  });
}
