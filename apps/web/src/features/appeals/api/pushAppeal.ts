import { appealChangeResponseSchema, type AppealChangeResponse, type AppealInput } from '@zview/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateAppeals } from './keys';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/appeals/push_appeal: Submits the appeal with these inputs. */
export function postPushAppeal(input: AppealInput): Promise<AppealChangeResponse> {
  return api.post(apiPath('/caribou/appeals/push_appeal'), input, { schema: appealChangeResponseSchema });
}

export function usePushAppeal() {
  const invalidate = useInvalidateAppeals();
  return useMutation({ mutationFn: postPushAppeal, onSuccess: () => invalidate() });
}
