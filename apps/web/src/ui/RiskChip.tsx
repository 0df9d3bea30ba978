import type { RiskLevel } from '@zview/contracts';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';

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

/** A risk level as a tinted chip; `label` replaces the default wording (e.g. 'Z-FIRE 7.2'). */
export function RiskChip({
  level,
  size = 'small',
  label,
}: {
  level: RiskLevel;
  size?: 'small' | 'medium';
  label?: ReactNode;
}) {
  const colors = RISK_LEVEL_COLORS[level];
  return (
    <Chip
      label={label ?? RISK_LEVEL_LABELS[level]}
      size={size}
      data-testid="risk-level"
      data-level={level}
      sx={{
        fontWeight: 700,
        color: colors.fg,
        bgcolor: colors.bg,
        borderRadius: 1,
        '@media print': { border: `1px solid ${colors.fg}` },
      }}
    />
  );
}
