import { formatRateChange } from '@zview/contracts';

/** Display helpers of the discovery screens: rate changes as the server's answers write them. */
export const formatChange = formatRateChange;
export const STATUS_COLORS: Record<string, 'success' | 'warning' | 'default' | 'error'> = {
  approved: 'success',
  pending: 'warning',
  withdrawn: 'default',
  disapproved: 'error',
};
