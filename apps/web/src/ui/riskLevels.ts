import { RISK_LEVEL_LABELS, type RiskLevel } from '@zview/contracts';

/** A risk level's words (from the contracts, which the PDFs also write) and colours, without the chip's code (MUI Chip). */
export { RISK_LEVEL_LABELS };

/** Band colours of a risk level (text on tint), shared by score cards, look-back and dashboards. */
export const RISK_LEVEL_COLORS: Record<RiskLevel, { fg: string; bg: string }> = {
  low: { fg: '#1e6b3a', bg: '#e3f4e8' },
  medium: { fg: '#8a5a00', bg: '#fff1d6' },
  high: { fg: '#a42323', bg: '#fde4e4' },
  none: { fg: '#5b6777', bg: '#edf0f4' },
};
