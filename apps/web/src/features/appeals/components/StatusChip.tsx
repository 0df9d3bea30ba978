import { APPEAL_STATUS_LABELS, type AppealStatus } from '@zview/contracts';
import Chip from '@mui/material/Chip';

const COLORS: Record<AppealStatus, 'default' | 'primary' | 'info' | 'success' | 'error' | 'warning'> = {
  draft: 'default',
  submitted: 'primary',
  under_review: 'info',
  accepted: 'success',
  rejected: 'error',
  reverted: 'default',
  expired: 'warning',
};

export function StatusChip({ status }: { status: AppealStatus }) {
  return (
    <Chip
      size="small"
      label={APPEAL_STATUS_LABELS[status]}
      color={COLORS[status]}
      variant={status === 'draft' || status === 'reverted' ? 'outlined' : 'filled'}
      data-testid="status-chip"
    />
  );
}
