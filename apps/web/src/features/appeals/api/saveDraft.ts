import { appealChangeResponseSchema, type AppealChangeResponse, type AppealInput } from '@zview/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateAppeals } from './keys';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/appeals/features_modification: Saves the draft (created when there is no open appeal). */
export function postSaveDraft(input: AppealInput): Promise<AppealChangeResponse> {
  return api.post(apiPath('/caribou/appeals/features_modification'), input, { schema: appealChangeResponseSchema });
}

export function useSaveDraft() {
  const invalidate = useInvalidateAppeals();
  return useMutation({ mutationFn: postSaveDraft, onSuccess: () => invalidate() });
}
