import { useState } from 'react';
import { useSession } from '../../../session/session';
import { useAppeals, type AppealListFilters } from '../api/appealsList';
import { downloadAuditTrail } from '../api/downloads';

const FIRST_PAGE: AppealListFilters = { status: [], page: 1, itemsPerPage: 25 };

/** The appeals list's state: its filters (a change goes back to page 1), the list, the reviewer's export. */
export function useAppealsListPage() {
  const { permissions } = useSession();
  const [filters, setFilters] = useState<AppealListFilters>(FIRST_PAGE);
  const appeals = useAppeals(filters);
  const [error, setError] = useState<string | null>(null);
  return {
    filters,
    appeals,
    error,
    // The server's `appeal:review` for the organisation acted for, not the token's group-admin claim.
    reviewer: permissions.abilities.appealReview,
    canEditNotices: permissions.abilities.noticesManage,
    filter: (change: Partial<AppealListFilters>) => setFilters((previous) => ({ ...previous, page: 1, ...change })),
    setPage: (page: number) => setFilters((previous) => ({ ...previous, page })),
    setItemsPerPage: (itemsPerPage: number) => setFilters((previous) => ({ ...previous, itemsPerPage, page: 1 })),
    exportAuditTrail: () => downloadAuditTrail().catch((e: Error) => setError(e.message)),
  };
}
