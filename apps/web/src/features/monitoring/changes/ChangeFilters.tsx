import { CHANGE_CAUSE_LABELS, CHANGE_CAUSES, PORTFOLIO_PRODUCTS } from '@zview/contracts';
import Stack from '@mui/material/Stack';
import { ChoiceFilter } from '../../../ui/ChoiceFilter';
import { DateField } from '../../../ui/DateField';
import { LEVEL, productLabel } from './labels';
import type { Filters } from './useChangesPage';

const LEVEL_CHOICES = Object.entries(LEVEL).map(([value, label]) => ({
  value: value as NonNullable<Filters['level']>,
  label,
}));

/** The changes view's filters: cause, product, level and a date range. */
export function ChangeFilters({ filters, set }: { filters: Filters; set: (patch: Partial<Filters>) => void }) {
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
      <ChoiceFilter
        label="Cause"
        allLabel="All causes"
        choices={CHANGE_CAUSES.map((c) => ({ value: c, label: CHANGE_CAUSE_LABELS[c] }))}
        value={filters.cause}
        onChange={(cause) => set({ cause })}
        minWidth={170}
      />
      <ChoiceFilter
        label="Product"
        allLabel="All products"
        choices={PORTFOLIO_PRODUCTS.map((p) => ({ value: p, label: productLabel(p) }))}
        value={filters.product}
        onChange={(product) => set({ product })}
      />
      <ChoiceFilter
        label="Level"
        allLabel="Any level"
        choices={LEVEL_CHOICES}
        value={filters.level}
        onChange={(level) => set({ level })}
        minWidth={120}
      />
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
