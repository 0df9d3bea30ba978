import { z } from 'zod';
import { text } from './text.js';

/** GET /api/caribou/property/autocomplete: address suggestions for the search box. */
export const addressAutocompleteQuerySchema = z.object({
  q: text().trim().min(1, 'q is required').max(200),
  limit: z.coerce.number().int().min(1).max(10).optional().default(10),
});

export const addressSuggestionSchema = z.object({
  propertyId: text(),
  address: text(),
  lat: z.number(),
  lng: z.number(),
});

export const addressAutocompleteResponseSchema = z.object({ results: z.array(addressSuggestionSchema) });

export type AddressAutocompleteQuery = z.infer<typeof addressAutocompleteQuerySchema>;
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;
export type AddressAutocompleteResponse = z.infer<typeof addressAutocompleteResponseSchema>;
