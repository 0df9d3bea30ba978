import type { RiskLevel } from '@zview/contracts';

/** A risk level's words and colours, without the chip's code (MUI Chip), for modules that only need these. */
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  low: 'Low risk',
  medium: 'Medium risk',
  high: 'High risk',
  none: 'Not scored',
};
/** Band colours of a risk level (text on tint), shared by score cards, look-back and dashboards. */
export const RISK_LEVEL_COLORS: Record<RiskLevel, { fg: string; bg: string }> = {
  low: { fg: '#1e6b3a', bg: '#e3f4e8' },
  medium: { fg: '#8a5a00', bg: '#fff1d6' },
  high: { fg: '#a42323', bg: '#fde4e4' },
  none: { fg: '#5b6777', bg: '#edf0f4' },
};
