import {
  alertRuleSchema,
  alertRulesSchema,
  portfolioListSchema,
  type AlertRuleInput,
  type AlertRulePatch,
} from '@zview/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Alert rules of a portfolio (group admins, issue 41): list, add, change, switch on/off, remove. */
export const alertKeys = {
  rules: (portfolioId: number) => ['monitoring', portfolioId, 'alert-rules'] as const,
  portfolios: ['monitoring', 'alert-portfolios'] as const,
};

export const fetchAlertRules = (portfolioId: number) =>
  api.get(`/api/caribou/portfolio/${portfolioId}/alert-rules`, { schema: alertRulesSchema }).then((b) => b.rules);

export function useAlertRules(portfolioId: number, enabled: boolean) {
  return useQuery({
    queryKey: alertKeys.rules(portfolioId),
    queryFn: () => fetchAlertRules(portfolioId),
    enabled: enabled && portfolioId > 0,
  });
}

/** The portfolios a rule can watch: the newest 100 by name for the picker. */
export function useAlertPortfolios(enabled: boolean) {
  return useQuery({
    queryKey: alertKeys.portfolios,
    queryFn: () =>
      api
        .get('/api/caribou/portfolios', { query: { page: 1, itemsPerPage: 100 }, schema: portfolioListSchema })
        .then((b) => b.portfolios.map((p) => ({ id: p.id, name: p.name }))),
    enabled,
  });
}

export function useSaveAlertRule(portfolioId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; patch: AlertRulePatch } | { id: null; input: AlertRuleInput }) =>
      v.id === null
        ? api.post(`/api/caribou/portfolio/${portfolioId}/alert-rules`, v.input, { schema: alertRuleSchema })
        : api.patch(`/api/caribou/alert-rules/${v.id}`, v.patch, { schema: alertRuleSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.rules(portfolioId) }),
  });
}

export function useRemoveAlertRule(portfolioId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/caribou/alert-rules/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.rules(portfolioId) }),
  });
}
