import type { RiskLevel } from '@zview/contracts';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import { RISK_LEVEL_COLORS, RISK_LEVEL_LABELS } from './riskLevels';

export { RISK_LEVEL_COLORS, RISK_LEVEL_LABELS };

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
