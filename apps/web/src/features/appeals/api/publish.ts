import { appealChangeResponseSchema, type AppealChangeResponse, type AppealInput } from '@zview/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateAppeals } from './keys';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/appeals/publish_features_modification: Accepts the appeal and publishes a new score version (reviewers). */
export function postPublish(input: AppealInput): Promise<AppealChangeResponse> {
  return api.post(apiPath('/caribou/appeals/publish_features_modification'), input, {
    schema: appealChangeResponseSchema,
  });
}

export function usePublish() {
  const invalidate = useInvalidateAppeals();
  return useMutation({ mutationFn: postPublish, onSuccess: () => invalidate() });
}
