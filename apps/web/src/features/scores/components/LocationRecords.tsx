import { formatLongDate } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useBuildingPermits, useIbhsEvaluations } from '../api/locationLookups';
import { humanize } from '../model';
import { Section } from './ProductDetail';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

function Loading() {
  return (
    <Stack spacing={1}>
      <Skeleton variant="rounded" height={20} />
      <Skeleton variant="rounded" height={20} />
    </Stack>
  );
}

function Failed() {
  return <Alert severity="warning">These records could not be loaded right now. Please try again later.</Alert>;
}

/** Building permits at the location (feature building_permits). */
export function BuildingPermitsPanel({ location }: { location: string }) {
  const permits = useBuildingPermits(location, true);
  return (
    <Section
      title="Building permits"
      info="Permits filed for this parcel with the local building department."
      testId="building-permits"
    >
      {permits.isPending ? (
        <Loading />
      ) : permits.isError ? (
        <Failed />
      ) : permits.data.results.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No building permits on record for this property.
        </Typography>
      ) : (
        <Stack
          component="ul"
          aria-label="Building permits"
          divider={<Divider flexItem />}
          spacing={1.25}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {permits.data.results.map((permit) => (
            <Box
              component="li"
              key={permit.id}
              data-testid="permit"
              sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2 }}
            >
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {humanize(permit.type)}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
                {permit.valueUsd === null ? '—' : usd.format(permit.valueUsd)}
              </Typography>
              <Typography variant="body2" sx={{ gridColumn: '1 / -1' }}>
                {permit.description}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
                Issued {formatLongDate(permit.issuedOn)} · {permit.permitNumber} · {permit.status}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

const DESIGNATIONS = { roof: 'FORTIFIED Roof', silver: 'FORTIFIED Silver', gold: 'FORTIFIED Gold' } as const;

/** IBHS FORTIFIED evaluations of the buildings (feature ibhs). */
export function IbhsPanel({ location }: { location: string }) {
  const evaluations = useIbhsEvaluations(location, true);
  return (
    <Section
      title="IBHS FORTIFIED"
      info="Designations from the Insurance Institute for Business & Home Safety FORTIFIED programme."
      testId="ibhs"
    >
      {evaluations.isPending ? (
        <Loading />
      ) : evaluations.isError ? (
        <Failed />
      ) : evaluations.data.results.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No FORTIFIED evaluation on record for this property.
        </Typography>
      ) : (
        <Stack spacing={1.25}>
          {evaluations.data.results.map((evaluation, index) => (
            <div key={index}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {DESIGNATIONS[evaluation.designation]} · Building {evaluation.building}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {evaluation.description}
                {evaluation.evaluatedOn && ` Evaluated ${formatLongDate(evaluation.evaluatedOn)}.`}
              </Typography>
            </div>
          ))}
        </Stack>
      )}
    </Section>
  );
}
