import Stack from '@mui/material/Stack';
import { track } from '../../api/analytics';
import { LookBackSelect } from './components/LookBackSelect';
import { ReportButton } from './components/DocumentButtons';
import { PropertyHeader } from './components/PropertyHeader';
import { PropertyBody, type PropertyBodyProps } from './PropertyBody';

export interface PropertyResultProps extends PropertyBodyProps {
  lookBackEnabled: boolean;
  compareDate: string | null;
  setCompareDate: (date: string | null) => void;
}

/**
 * A looked-up property: its header (address, report, look-back date) above its body. A module of
 * its own, loaded with the first search (lazyPropertyBody.ts): the empty home page does not wait
 * for the look-back select, the report button or the cards (issue 45).
 */
export function PropertyResult({ lookBackEnabled, compareDate, setCompareDate, ...body }: PropertyResultProps) {
  const { assessment } = body;
  return (
    <Stack spacing={2.5}>
      <PropertyHeader
        assessment={assessment}
        actions={
          <Stack direction="row" spacing={1.5} alignItems="center">
            {assessment.location.propertyId && !assessment.locationHazards && (
              <ReportButton
                propertyId={assessment.location.propertyId}
                address={assessment.location.address?.formatted ?? assessment.location.input}
              />
            )}
            {lookBackEnabled && (
              <LookBackSelect
                availableDates={assessment.availableDates}
                currentDate={assessment.asOf}
                value={compareDate}
                onChange={(date) => {
                  // Back from a look-back date to today's data.
                  if (date === null && compareDate)
                    track('view_latest_data', { from_date: compareDate, property_id: assessment.location.propertyId });
                  setCompareDate(date);
                }}
              />
            )}
          </Stack>
        }
      />
      <PropertyBody {...body} />
    </Stack>
  );
}
