import type { ZorroNarrowing } from '@zview/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { track } from '../../../api/analytics';
import type { NarrowField } from '../filters';

const FIELD_LABELS: Record<NarrowField, string> = {
  year: 'Year',
  line: 'Line',
  type: 'Type',
  status: 'Status',
  state: 'State',
  company: 'Company',
};

/**
 * When many filings fit the search equally (issue 40: "Keystone Home Hawaii" names no more than a
 * carrier and a state), the order among them says nothing: say how many fit, and offer the fields
 * that split them as one-click filters instead of letting the first result pass for the answer.
 */
export function NarrowBar({
  narrow,
  onPick,
}: {
  narrow: ZorroNarrowing | undefined;
  onPick(field: NarrowField, value: string): void;
}) {
  if (!narrow) return null;
  return (
    <Box sx={{ px: 2, pb: 1.5 }} data-testid="narrow">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {narrow.tied.toLocaleString('en-US')} filings fit these words equally well. Narrow by:
      </Typography>
      {narrow.facets.map((facet) => (
        <Stack
          key={facet.field}
          direction="row"
          spacing={0.75}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}
        >
          <Typography variant="caption" color="text.secondary" sx={{ minWidth: 64 }}>
            {FIELD_LABELS[facet.field]}
          </Typography>
          {facet.values.map((v) => (
            <Chip
              key={v.value}
              size="small"
              variant="outlined"
              clickable
              label={`${v.value} · ${v.count.toLocaleString('en-US')}`}
              onClick={() => {
                track('zorro_narrow', { field: facet.field, value: v.value, tied: narrow.tied });
                onPick(facet.field, v.value);
              }}
              data-testid="narrow-chip"
            />
          ))}
          {facet.more > 0 && (
            <Typography variant="caption" color="text.secondary">
              and {facet.more} more
            </Typography>
          )}
        </Stack>
      ))}
    </Box>
  );
}
