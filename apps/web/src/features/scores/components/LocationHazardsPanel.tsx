import { LOCATION_HAZARD_LABELS, type LocationHazards } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { RISK_LEVEL_COLORS } from '../model';
import { Section } from './ProductDetail';
import { RiskChip } from './ScoreBadge';

/** A location with no building: the hazards of the place itself, and why the products are not scored. */
export function LocationHazardsPanel({ hazards }: { hazards: LocationHazards }) {
  return (
    <Section
      title="Hazards of this location"
      info="Exposure of the location (its H3 cell) to each hazard, whatever stands on it."
      testId="location-hazards"
    >
      <Alert severity="info" sx={{ mb: 1.5 }} data-testid="location-hazards-note">
        {hazards.note}
      </Alert>
      <Table size="small" aria-label="Hazards of this location">
        <TableHead>
          <TableRow>
            <TableCell>Hazard</TableCell>
            <TableCell>Level</TableCell>
            <TableCell sx={{ width: '30%' }}>Exposure</TableCell>
            <TableCell>Detail</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {hazards.hazards.map((h) => (
            <TableRow key={h.hazard} data-testid="location-hazard">
              <TableCell sx={{ fontWeight: 700 }}>{LOCATION_HAZARD_LABELS[h.hazard]}</TableCell>
              <TableCell>
                <RiskChip level={h.riskLevel} />
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <LinearProgress
                    variant="determinate"
                    value={Math.round(h.exposure * 100)}
                    aria-label={`${LOCATION_HAZARD_LABELS[h.hazard]} exposure`}
                    sx={{
                      flex: 1,
                      height: 6,
                      borderRadius: 3,
                      bgcolor: '#e8edf3',
                      '& .MuiLinearProgress-bar': { bgcolor: RISK_LEVEL_COLORS[h.riskLevel].fg },
                    }}
                  />
                  <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 36, textAlign: 'right' }}>
                    {Math.round(h.exposure * 100)}%
                  </Box>
                </Box>
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{h.description}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}
