import { RISK_LEVELS, type RiskLevel } from '@zview/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { RISK_LEVEL_COLORS, RISK_LEVEL_LABELS } from '../../ui/RiskChip';
import type { PortfolioMetadataProduct } from '@zview/contracts';
import { productName } from './model';

/** One stacked bar per product: how many properties fall in each risk level (plain CSS, no chart library). */
export function RiskDistribution({ products }: { products: PortfolioMetadataProduct[] }) {
  return (
    <Stack spacing={1.5} data-testid="risk-distribution" role="figure" aria-label="Risk distribution per product">
      {products.map((p) => {
        const total = RISK_LEVELS.reduce((sum, level) => sum + (p.riskLevels[level] ?? 0), 0);
        return (
          <Stack
            key={p.product}
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center' }}
            data-testid="risk-bar"
            data-product={p.product}
          >
            <Typography variant="body2" sx={{ fontWeight: 700, width: 96, flexShrink: 0 }}>
              {productName(p.product)}
            </Typography>
            <Box
              sx={{
                flex: 1,
                display: 'flex',
                height: 22,
                borderRadius: 1,
                overflow: 'hidden',
                bgcolor: 'action.hover',
              }}
            >
              {total > 0 &&
                RISK_LEVELS.filter((level) => p.riskLevels[level] > 0).map((level) => (
                  <Tooltip
                    key={level}
                    title={`${RISK_LEVEL_LABELS[level]}: ${p.riskLevels[level].toLocaleString('en-US')}`}
                  >
                    <Box
                      data-level={level}
                      sx={{
                        width: `${(p.riskLevels[level] / total) * 100}%`,
                        bgcolor: BAR_COLORS[level],
                        transition: 'width 300ms',
                      }}
                    />
                  </Tooltip>
                ))}
            </Box>
            <Typography variant="body2" sx={{ width: 120, textAlign: 'right', color: 'text.secondary', flexShrink: 0 }}>
              {total ? `${(total - p.riskLevels.none).toLocaleString('en-US')} scored` : 'Not scored yet'}
            </Typography>
          </Stack>
        );
      })}
      <Stack direction="row" spacing={2.5} sx={{ pl: '112px' }}>
        {RISK_LEVELS.map((level) => (
          <Stack key={level} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: BAR_COLORS[level] }} />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {RISK_LEVEL_LABELS[level]}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

/** Solid bar colours from the risk band palette (its text colours are the saturated ones). */
const BAR_COLORS: Record<RiskLevel, string> = {
  low: '#3c9a5f',
  medium: '#e0a429',
  high: RISK_LEVEL_COLORS.high.fg,
  none: '#b7c0cc',
};
