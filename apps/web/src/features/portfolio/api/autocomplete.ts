import { portfolioSuggestionsSchema, type PortfolioSuggestions } from '@zview/contracts';
import { api } from '../../../api/client';

/** GET /api/caribou/portfolio/{id}/autocomplete: rows whose reference or address matches. */
export function fetchPortfolioSuggestions(id: number, q: string, signal?: AbortSignal): Promise<PortfolioSuggestions> {
  return api.get(`/api/caribou/portfolio/${id}/autocomplete`, {
    query: { q },
    schema: portfolioSuggestionsSchema,
    signal,
  });
}
