/** Display helpers of the discovery screens. */
export const formatChange = (x: number | null | undefined) =>
  x === null || x === undefined ? '—' : `${x > 0 ? '+' : ''}${x.toFixed(1)}%`;
export const STATUS_COLORS: Record<string, 'success' | 'warning' | 'default' | 'error'> = {
  approved: 'success',
  pending: 'warning',
  withdrawn: 'default',
  disapproved: 'error',
};
