import { recalculateResponseSchema, type AppealInput, type RecalculateResponse } from '@zview/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/appeals/recalculate: the score the manual inputs give, beside the current one (nothing stored). */
export function postRecalculate(input: AppealInput): Promise<RecalculateResponse> {
  return api.post(apiPath('/caribou/appeals/recalculate'), input, { schema: recalculateResponseSchema });
}

export function useRecalculate() {
  return useMutation({ mutationFn: postRecalculate });
}
