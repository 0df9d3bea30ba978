import {
  APPEAL_STATUSES,
  APPEAL_STATUS_LABELS,
  STANDARD_PRODUCTS,
  type AppealStatus,
  type ProductKey,
} from '@zview/contracts';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ChoiceFilter } from '../../../ui/ChoiceFilter';
import type { AppealListFilters } from '../api/appealsList';
import { productLabel } from '../model';

/** The appeals list's filters: status (several), product, overdue only, and the deadline queue's order. */
export function AppealsListFilters({
  filters,
  onChange,
}: {
  filters: AppealListFilters;
  onChange: (change: Partial<AppealListFilters>) => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Status"
        sx={{ minWidth: 220 }}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as unknown as AppealStatus[] })}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (value) => (value as AppealStatus[]).map((s) => APPEAL_STATUS_LABELS[s]).join(', ') || 'All',
          },
          inputLabel: { shrink: true },
        }}
      >
        {APPEAL_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {APPEAL_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <ChoiceFilter
        label="Product"
        allLabel="All"
        choices={STANDARD_PRODUCTS.map((product) => ({ value: product, label: productLabel(product) }))}
        value={filters.product}
        onChange={(product: ProductKey | undefined) => onChange({ product })}
        minWidth={160}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={filters.overdue === true}
            onChange={(event) => onChange({ overdue: event.target.checked ? true : undefined })}
          />
        }
        label="Overdue only"
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={filters.sort === 'deadline'}
            onChange={(event) => onChange({ sort: event.target.checked ? 'deadline' : undefined })}
          />
        }
        label="Nearest deadline first"
      />
    </Stack>
  );
}
