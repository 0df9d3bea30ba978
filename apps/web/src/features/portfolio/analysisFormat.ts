import type { AccumulationGrouping } from '@zview/contracts';

/** How the book dashboard (issue 43) writes money, rows and area groupings. */
export const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
export const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
export const count = (n: number) => n.toLocaleString('en-US');

export const GROUPINGS: { value: AccumulationGrouping; label: string }[] = [
  { value: 'state', label: 'State' },
  { value: 'county', label: 'County' },
  { value: 'zip', label: 'ZIP code' },
  { value: 'h3_5', label: 'H3 cell (res. 5, ~250 km²)' },
  { value: 'h3_7', label: 'H3 cell (res. 7, ~5 km²)' },
  { value: 'h3_9', label: 'H3 cell (res. 9, ~0.1 km²)' },
];

export const TOP_RINGS = 20;
