import type { Factor } from '@zview/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { InfoIcon } from '../../../ui/InfoIcon';
import { formatContribution, formatFactorValue } from '../model';

const RAISES = '#c0392b';
const LOWERS = '#1e8449';

/** A signed horizontal bar: right and red when the factor raises the score, left and green when it lowers it. */
export function ContributionBar({ contribution, scale }: { contribution: number; scale: number }) {
  const width = scale > 0 ? Math.min(50, (Math.abs(contribution) / scale) * 50) : 0;
  return (
    <Box sx={{ position: 'relative', height: 10, width: '100%', minWidth: 120 }} aria-hidden>
      <Box sx={{ position: 'absolute', left: '50%', top: -3, bottom: -3, width: '1px', bgcolor: 'divider' }} />
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          borderRadius: 0.5,
          bgcolor: contribution > 0 ? RAISES : LOWERS,
          left: contribution >= 0 ? '50%' : `${50 - width}%`,
          width: `${width}%`,
          printColorAdjust: 'exact',
          WebkitPrintColorAdjust: 'exact',
        }}
      />
    </Box>
  );
}

function FactorName({ factor }: { factor: Factor }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {factor.name}
      </Typography>
      <InfoIcon text={factor.description} fontSize="inherit" />
      {factor.prefilled && <Chip label="Prefilled" size="small" variant="outlined" sx={{ height: 18, fontSize: 11 }} />}
    </Stack>
  );
}

/** The compact list of a score card: name (with its explanation), value and signed contribution. */
export function TopFactorList({ factors }: { factors: Factor[] }) {
  if (factors.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No factors reported.
      </Typography>
    );
  return (
    // A narrow card (a 900 px window) puts the value and contribution under the name, where they
    // fit, instead of pushing them past the card's edge (issue 21 item 15).
    <Stack
      component="ul"
      spacing={0.75}
      sx={{ listStyle: 'none', m: 0, p: 0, containerType: 'inline-size' }}
      aria-label="Top factors"
    >
      {factors.map((factor) => (
        <Box
          component="li"
          key={factor.key}
          data-testid="factor"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) auto',
            gridTemplateAreas: '"name name" "value contribution"',
            columnGap: 1.5,
            alignItems: 'center',
            '@container (min-width: 280px)': {
              gridTemplateColumns: 'minmax(0, 1fr) auto auto',
              gridTemplateAreas: '"name value contribution"',
            },
          }}
        >
          <Box sx={{ gridArea: 'name', minWidth: 0 }}>
            <FactorName factor={factor} />
          </Box>
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="factor-value"
            sx={{ gridArea: 'value', minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {formatFactorValue(factor.value, factor.unit, factor.key)}
          </Typography>
          <Typography
            variant="body2"
            data-testid="factor-contribution"
            sx={{
              gridArea: 'contribution',
              fontWeight: 700,
              minWidth: 48,
              textAlign: 'right',
              fontVariantNumeric: 'tabular-nums',
              color: factor.contribution > 0 ? RAISES : factor.contribution < 0 ? LOWERS : 'text.secondary',
            }}
          >
            {formatContribution(factor.contribution)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** Every factor of a product in depth: value, unit, contribution with a bar. */
export function FactorTable({ factors }: { factors: Factor[] }) {
  const scale = Math.max(0, ...factors.map((factor) => Math.abs(factor.contribution)));
  return (
    <Table size="small" aria-label="Factors">
      <TableHead>
        <TableRow>
          <TableCell>Factor</TableCell>
          <TableCell>Value</TableCell>
          <TableCell sx={{ width: '34%' }}>Effect on score</TableCell>
          <TableCell align="right">Points</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {factors.map((factor) => (
          <TableRow key={factor.key} data-testid="factor-row">
            <TableCell>
              <FactorName factor={factor} />
            </TableCell>
            <TableCell>{formatFactorValue(factor.value, factor.unit, factor.key)}</TableCell>
            <TableCell>
              <ContributionBar contribution={factor.contribution} scale={scale} />
            </TableCell>
            <TableCell
              align="right"
              sx={{
                fontWeight: 700,
                fontVariantNumeric: 'tabular-nums',
                color: factor.contribution > 0 ? RAISES : factor.contribution < 0 ? LOWERS : 'text.secondary',
              }}
            >
              {formatContribution(factor.contribution)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
