import { appealChangeResponseSchema, type AppealChangeResponse, type AppealRef } from '@zview/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateAppeals } from './keys';
import { apiPath } from '../../../api/paths';

export const APPEAL_TRANSITION_CALLS = ['revert_draft', 'push_draft', 'review', 'reject', 'expire'] as const;
export type AppealTransitionCall = (typeof APPEAL_TRANSITION_CALLS)[number];

/** POST /api/caribou/appeals/{revert_draft|push_draft|review|reject|expire} with { appealId, note? }. */
export function postTransition(call: AppealTransitionCall, ref: AppealRef): Promise<AppealChangeResponse> {
  return api.post(apiPath(`/caribou/appeals/${call}` as const), ref, { schema: appealChangeResponseSchema });
}

export function useTransition() {
  const invalidate = useInvalidateAppeals();
  return useMutation({
    mutationFn: ({ call, ref }: { call: AppealTransitionCall; ref: AppealRef }) => postTransition(call, ref),
    onSuccess: () => invalidate(),
  });
}
