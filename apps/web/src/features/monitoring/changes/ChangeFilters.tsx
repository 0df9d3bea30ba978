import { CHANGE_CAUSE_LABELS, CHANGE_CAUSES, PORTFOLIO_PRODUCTS } from '@zview/contracts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DateField } from '../../../ui/DateField';
import { LEVEL, productLabel } from './labels';
import type { Filters } from './useChangesPage';

/** The changes view's filters: cause, product, level and a date range. */
export function ChangeFilters({ filters, set }: { filters: Filters; set: (patch: Partial<Filters>) => void }) {
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label="Cause"
        value={filters.cause ?? ''}
        onChange={(e) => set({ cause: (e.target.value || undefined) as Filters['cause'] })}
        sx={{ minWidth: 170 }}
      >
        <MenuItem value="">All causes</MenuItem>
        {CHANGE_CAUSES.map((c) => (
          <MenuItem key={c} value={c}>
            {CHANGE_CAUSE_LABELS[c]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Product"
        value={filters.product ?? ''}
        onChange={(e) => set({ product: (e.target.value || undefined) as Filters['product'] })}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">All products</MenuItem>
        {PORTFOLIO_PRODUCTS.map((p) => (
          <MenuItem key={p} value={p}>
            {productLabel(p)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Level"
        value={filters.level ?? ''}
        onChange={(e) => set({ level: (e.target.value || undefined) as Filters['level'] })}
        sx={{ minWidth: 120 }}
      >
        <MenuItem value="">Any level</MenuItem>
        {Object.entries(LEVEL).map(([k, v]) => (
          <MenuItem key={k} value={k}>
            {v}
          </MenuItem>
        ))}
      </TextField>
      <DateField
        size="small"
        label="From"
        value={filters.from ?? ''}
        onChange={(e) => set({ from: e.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <DateField
        size="small"
        label="To"
        value={filters.to ?? ''}
        onChange={(e) => set({ to: e.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}
