import { portfolioSuggestionsSchema, type PortfolioSuggestions } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/portfolio/{id}/autocomplete: rows whose reference or address matches. */
export function fetchPortfolioSuggestions(id: number, q: string, signal?: AbortSignal): Promise<PortfolioSuggestions> {
  return api.get(apiPath('/caribou/portfolio/{id}/autocomplete', { id }), {
    query: { q },
    schema: portfolioSuggestionsSchema,
    signal,
  });
}
