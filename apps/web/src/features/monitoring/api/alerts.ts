import {
  alertRuleSchema,
  alertRulesSchema,
  portfolioListSchema,
  type AlertRuleInput,
  type AlertRulePatch,
} from '@zview/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** Alert rules of a portfolio (group admins, issue 41): list, add, change, switch on/off, remove. */
export const alertKeys = {
  rules: (portfolioId: number) => ['monitoring', portfolioId, 'alert-rules'] as const,
  portfolios: ['monitoring', 'alert-portfolios'] as const,
};

export const fetchAlertRules = (portfolioId: number) =>
  api
    .get(apiPath('/caribou/portfolio/{id}/alert-rules', { id: portfolioId }), { schema: alertRulesSchema })
    .then((b) => b.rules);

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
        .get(apiPath('/caribou/portfolios'), { query: { page: 1, itemsPerPage: 100 }, schema: portfolioListSchema })
        .then((b) => b.portfolios.map((p) => ({ id: p.id, name: p.name }))),
    enabled,
  });
}

export function useSaveAlertRule(portfolioId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; patch: AlertRulePatch } | { id: null; input: AlertRuleInput }) =>
      v.id === null
        ? api.post(apiPath('/caribou/portfolio/{id}/alert-rules', { id: portfolioId }), v.input, {
            schema: alertRuleSchema,
          })
        : api.patch(apiPath('/caribou/alert-rules/{id}', { id: v.id }), v.patch, { schema: alertRuleSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.rules(portfolioId) }),
  });
}

export function useRemoveAlertRule(portfolioId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(apiPath('/caribou/alert-rules/{id}', { id })),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.rules(portfolioId) }),
  });
}
