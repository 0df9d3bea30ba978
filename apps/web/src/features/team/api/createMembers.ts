import type { CreateUserRequest } from '@zview/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createMember } from './createMember';
import { teamMembersQuery } from './members';

export type CreateOutcome = { ok: true } | { ok: false; message: string };

/**
 * Creates the members one at a time (the identity provider sends an invitation per member and
 * rate-limits bursts), reporting each line's outcome as it comes, then refreshes the team.
 */
export function useCreateMembersInTurn() {
  const queryClient = useQueryClient();
  return async (
    rows: { line: number; request: CreateUserRequest }[],
    onOutcome: (outcomes: Map<number, CreateOutcome>) => void,
  ): Promise<Map<number, CreateOutcome>> => {
    const results = new Map<number, CreateOutcome>();
    for (const row of rows) {
      try {
        await createMember(row.request);
        results.set(row.line, { ok: true });
      } catch (error) {
        results.set(row.line, { ok: false, message: error instanceof Error ? error.message : String(error) });
      }
      onOutcome(new Map(results));
    }
    void queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey });
    return results;
  };
}
