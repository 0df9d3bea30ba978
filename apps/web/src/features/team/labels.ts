import {
  ORGANIZATION_ROLE_LABELS,
  USER_STATUS_LABELS,
  type OrganizationRole,
  type TeamBulkAction,
  type TeamMember,
} from '@zview/contracts';

export const statusLabel = (status: TeamMember['status']) => USER_STATUS_LABELS[status];
/** Internal admins listed without a role in this organisation show a dash. */
export const roleLabel = (role: OrganizationRole | null) => (role ? ORGANIZATION_ROLE_LABELS[role] : '—');

export const members = (count: number) => (count === 1 ? '1 member' : `${count} members`);

const rowsWith = (count: number, phrase: [string, string]) => `${count} ${count === 1 ? phrase[0] : phrase[1]}`;

/** Before adding: how many rows are ready, and how many will be skipped for their problems. */
export function bulkAddPreview(ready: number, invalid: number): string {
  const skipped = invalid > 0 ? `, ${rowsWith(invalid, ['row has', 'rows have'])} problems and will be skipped` : '';
  return `${members(ready)} ready to add${skipped}.`;
}

/** After adding: how many were added, how many the server refused, how many rows were skipped. */
export function bulkAddSummary(added: number, failed: number, invalid: number): string {
  return [
    `${members(added)} added.`,
    failed > 0 ? `${members(failed)} could not be added.` : '',
    invalid > 0 ? `${rowsWith(invalid, ['row was', 'rows were'])} skipped because of problems.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Wording of each bulk action: its button, its confirmation, and its outcome. */
export const BULK_ACTIONS: Record<
  TeamBulkAction,
  {
    label: string;
    title: (count: number) => string;
    message: string;
    done: (count: number) => string;
    failed: string;
    destructive?: boolean;
  }
> = {
  'assign-to-admin': {
    label: 'Assign to admin',
    title: (count) => `Make ${members(count)} admin?`,
    message: 'Admins can add, edit, activate, deactivate and delete team members.',
    done: (count) => `${members(count)} assigned to admin.`,
    failed: 'Could not assign to admin.',
  },
  activate: {
    label: 'Activate',
    title: (count) => `Activate ${members(count)}?`,
    message: 'Activated members can sign in to Z-VIEW.',
    done: (count) => `${members(count)} activated.`,
    failed: 'Could not activate.',
  },
  deactivate: {
    label: 'Deactivate',
    title: (count) => `Deactivate ${members(count)}?`,
    message: 'Deactivated members can no longer sign in. You can activate them again later.',
    done: (count) => `${members(count)} deactivated.`,
    failed: 'Could not deactivate.',
  },
  delete: {
    label: 'Delete',
    title: (count) => `Delete ${members(count)}?`,
    message: 'Deleted members lose access to Z-VIEW permanently. This cannot be undone.',
    done: (count) => `${members(count)} deleted.`,
    failed: 'Could not delete.',
    destructive: true,
  },
};
