import type { TeamBulkAction } from '@zview/contracts';
import { useMemo, useState } from 'react';
import { useSession } from '../../session/session';
import { useNotifications } from '../../ui/notifications';
import { teamAccess } from './access';
import { useBulkAction } from './api/bulkAction';
import { useTeamMembers } from './api/members';
import { BULK_ACTIONS } from './labels';

/** The team page's state: the members, the selection (never the signed-in admin), and the bulk action being confirmed. */
export function useTeamPage() {
  const session = useSession();
  const access = teamAccess(session);
  const members = useTeamMembers();
  const bulk = useBulkAction();
  const { notify } = useNotifications();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<TeamBulkAction | null>(null);

  const rows = useMemo(() => members.data ?? [], [members.data]);
  // The signed-in admin cannot act on themself (no locking yourself out).
  const selectable = rows.filter((member) => member.id !== session.user.id);
  const selectedIds = selectable.filter((member) => selected.has(member.id)).map((member) => member.id);
  const allSelected = selectable.length > 0 && selectedIds.length === selectable.length;

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function confirmAction() {
    if (!pending) return;
    const action = pending;
    const wording = BULK_ACTIONS[action];
    const userIds = selectedIds;
    setPending(null);
    bulk.mutate(
      { action, userIds },
      {
        onSuccess: () => {
          notify({ text: wording.done(userIds.length), variant: 'success' });
          setSelected(new Set());
        },
        onError: (error) => notify({ text: `${wording.failed} ${error.message}`, variant: 'error' }),
      },
    );
  }

  return {
    ...access,
    organizationName: session.activeOrganization?.name,
    selfId: session.user.id,
    members,
    rows,
    selection: {
      selected,
      selectedIds,
      allSelected,
      toggle,
      toggleAll: () => setSelected(allSelected ? new Set() : new Set(selectable.map((member) => member.id))),
    },
    bulkBusy: bulk.isPending,
    pending,
    ask: setPending,
    cancel: () => setPending(null),
    confirmAction,
  };
}

export type TeamPageState = ReturnType<typeof useTeamPage>;
