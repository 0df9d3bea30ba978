import { appealChangeResponseSchema, type AppealChangeResponse, type AppealInput } from '@zview/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateAppeals } from './keys';

/** POST /api/caribou/appeals/push_appeal: Submits the appeal with these inputs. */
export function postPushAppeal(input: AppealInput): Promise<AppealChangeResponse> {
  return api.post('/api/caribou/appeals/push_appeal', input, { schema: appealChangeResponseSchema });
}

export function usePushAppeal() {
  const invalidate = useInvalidateAppeals();
  return useMutation({ mutationFn: postPushAppeal, onSuccess: () => invalidate() });
}
