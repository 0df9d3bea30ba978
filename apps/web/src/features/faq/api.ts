import { faqResponseSchema } from '@zview/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { z } from 'zod';
import { apiPath } from '../../api/paths';

export type FaqResponse = z.infer<typeof faqResponseSchema>;
export type FaqEntry = FaqResponse['faqs'][number];

/** Sections by category, in the order the categories first appear. */
export function faqSections(faqs: FaqEntry[]): { title: string; items: FaqEntry[] }[] {
  const sections = new Map<string, FaqEntry[]>();
  for (const entry of faqs) sections.set(entry.category, [...(sections.get(entry.category) ?? []), entry]);
  return [...sections].map(([title, items]) => ({ title, items }));
}

export const fetchFaq = (signal?: AbortSignal): Promise<FaqResponse> =>
  api.get(apiPath('/faq'), { schema: faqResponseSchema, signal });

export function useFaq() {
  return useQuery({ queryKey: queryKeys.faq, queryFn: ({ signal }) => fetchFaq(signal), retry: false });
}
