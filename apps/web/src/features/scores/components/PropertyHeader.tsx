import { formatLongDate, type AssessmentResponse } from '@zview/contracts';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { track } from '../../../api/analytics';
import { InfoIcon } from '../../../ui/InfoIcon';
import { PRECISION_LABELS, percent, pinLocation } from '../model';

/**
 * What the figures on the page rest on. A place with no building has no capture behind it: its
 * hazards come from the regional hazard climatology (issue 21 C: it read 'imagery captured <today>').
 */
export function scoresBasis(assessment: AssessmentResponse): string {
  if (assessment.locationHazards)
    return 'Location hazards from the regional hazard climatology: no building here, so no imagery-based scores';
  return `Scores as of imagery captured ${formatLongDate(assessment.asOf)}`;
}

/** The resolved property: address (or coordinates), geocode precision and confidence, imagery date, print. */
export function PropertyHeader({ assessment, actions }: { assessment: AssessmentResponse; actions?: ReactNode }) {
  const { location } = assessment;
  const pin = pinLocation(location);
  const title = location.address?.formatted ?? `${location.point.lat.toFixed(5)}, ${location.point.lng.toFixed(5)}`;
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'flex-end', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1.5 }}
    >
      <Stack spacing={0.75} sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1" data-testid="resolved-address" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip
            size="small"
            variant="outlined"
            label={`Precision: ${PRECISION_LABELS[location.precision] ?? location.precision}`}
            data-testid="precision"
          />
          <Chip
            size="small"
            variant="outlined"
            label={`Match confidence: ${percent(location.confidence)}`}
            data-testid="geocode-confidence"
          />
          <InfoIcon
            text="Precision is how closely the location was matched (rooftop is best); confidence is how sure the geocoder is that this is the property you asked for."
            fontSize="inherit"
          />
          <Typography variant="body2" color="text.secondary" sx={{ pl: 1 }} data-testid="scores-basis">
            {scoresBasis(assessment)}
          </Typography>
          {location.locationType === 'coordinates' && (
            <Typography variant="body2" color="text.secondary">
              ·{' '}
              <span data-testid="resolved-coordinates">
                {pin.lat.toFixed(6)}, {pin.lng.toFixed(6)}
              </span>
            </Typography>
          )}
          {assessment.sampleData && <Chip size="small" color="info" variant="outlined" label="Sample data" />}
          {assessment.mock && (
            <Chip
              size="small"
              color="warning"
              label={`Mock response: ${assessment.mock.name}`}
              data-testid="mock-response"
            />
          )}
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', '@media print': { display: 'none' } }}>
        {actions}
        <Button
          variant="outlined"
          startIcon={<PrintOutlined />}
          onClick={() => {
            track('page_print', { property_id: location.propertyId });
            window.print();
          }}
        >
          Print
        </Button>
      </Stack>
    </Stack>
  );
}
