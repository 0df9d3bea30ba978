import type { ZorroFiltersResponse } from '@zview/contracts';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { track } from '../../../api/analytics';
import { DateField } from '../../../ui/DateField';
import {
  activeFilterCount,
  FACET_LABELS,
  LIST_KEYS,
  TEXT_KEYS,
  type FinderState,
  type ListKey,
  type TextKey,
} from '../filters';

const SHOWN = 6;
const FACET_ORDER: ListKey[] = ['state', 'line', 'type', 'status', 'category', 'model', 'group'];

export interface FilterPanelProps {
  state: FinderState;
  facets: ZorroFiltersResponse | undefined;
  onChange(next: FinderState): void;
}

/** Faceted filters: search words, company, each facet with its count, dates and rate-change range. Each use is tracked. */
export function FilterPanel({ state, facets, onChange }: FilterPanelProps) {
  const [q, setQ] = useState(state.q ?? '');
  const [company, setCompany] = useState(state.company ?? '');
  useEffect(() => {
    setQ(state.q ?? '');
  }, [state.q]);
  useEffect(() => {
    setCompany(state.company ?? '');
  }, [state.company]);

  const apply = (filter: string, value: unknown, next: FinderState) => {
    track('zorro_file_finder_filter', { filter, value });
    onChange({ ...next, page: 1 });
  };
  const setText = (key: TextKey, value: string) => apply(key, value, { ...state, [key]: value.trim() || undefined });
  const toggle = (key: ListKey, value: string) => {
    const selected = state[key].includes(value) ? state[key].filter((v) => v !== value) : [...state[key], value];
    apply(key, value, { ...state, [key]: selected });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply('q', q, {
      ...state,
      q: q.trim() || undefined,
      // New words are read afresh; the readings removed stay removed only for the same words.
      ignore: q.trim() === state.q ? state.ignore : undefined,
      company: company.trim() || undefined,
      sort: q.trim() ? 'relevance' : state.sort,
    });
  };
  const clear = () => {
    const empty = { ...state, ignore: undefined, page: 1 } as FinderState;
    for (const key of LIST_KEYS) empty[key] = [];
    for (const key of TEXT_KEYS) delete empty[key];
    apply('clear', null, empty);
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, width: 280, flexShrink: 0, alignSelf: 'flex-start' }}
      component="aside"
      aria-label="Filters"
    >
      <Box component="form" onSubmit={submit}>
        <Stack spacing={1.5}>
          <TextField
            size="small"
            label="Search filings"
            placeholder='wildfire "defensible space" roof*'
            value={q}
            onChange={(e) => setQ(e.target.value)}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 300, 'data-testid': 'finder-search' },
            }}
          />
          <TextField
            size="small"
            label="Company"
            value={company}
            onChange={(e) => setCompany(e.target.value)}
            onBlur={() => company.trim() !== (state.company ?? '') && setText('company', company)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Button type="submit" variant="contained" size="small">
            Search
          </Button>
        </Stack>
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 2 }}>
        <Typography variant="body2" color="text.secondary" data-testid="facet-total">
          {facets ? `${facets.total.toLocaleString('en-US')} filings` : ' '}
        </Typography>
        {activeFilterCount(state) > 0 && (
          <Button size="small" onClick={clear}>
            Clear all
          </Button>
        )}
      </Stack>
      {FACET_ORDER.map((key) => (
        <Facet
          key={key}
          name={key}
          values={facets?.facets[key] ?? []}
          selected={state[key]}
          onToggle={(value) => toggle(key, value)}
        />
      ))}
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        Submitted
      </Typography>
      {/* One above the other, each the panel's full width: side by side, half of 280 px cut the date to 'mm/dd/yy'. */}
      <Stack spacing={1.5} data-testid="submitted-dates">
        <DateField
          size="small"
          fullWidth
          label="From"
          value={state.submittedFrom ?? ''}
          onChange={(e) => setText('submittedFrom', e.target.value)}
        />
        <DateField
          size="small"
          fullWidth
          label="To"
          value={state.submittedTo ?? ''}
          onChange={(e) => setText('submittedTo', e.target.value)}
        />
      </Stack>
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        Overall rate change (%)
      </Typography>
      <RateRange
        state={state}
        onApply={(min, max) =>
          apply('rateChange', [min, max], { ...state, rateMin: min || undefined, rateMax: max || undefined })
        }
      />
    </Paper>
  );
}

function RateRange({ state, onApply }: { state: FinderState; onApply(min: string, max: string): void }) {
  const [min, setMin] = useState(state.rateMin ?? '');
  const [max, setMax] = useState(state.rateMax ?? '');
  useEffect(() => {
    setMin(state.rateMin ?? '');
    setMax(state.rateMax ?? '');
  }, [state.rateMin, state.rateMax]);
  const commit = () =>
    (min !== (state.rateMin ?? '') || max !== (state.rateMax ?? '')) && onApply(min.trim(), max.trim());
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        size="small"
        type="number"
        label="Min"
        value={min}
        onChange={(e) => setMin(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <TextField
        size="small"
        type="number"
        label="Max"
        value={max}
        onChange={(e) => setMax(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </Stack>
  );
}

function Facet({
  name,
  values,
  selected,
  onToggle,
}: {
  name: ListKey;
  values: { value: string; count: number }[];
  selected: string[];
  onToggle(value: string): void;
}) {
  const [open, setOpen] = useState(false);
  // Selected values stay listed even when the current query finds none of them.
  const all = [
    ...values,
    ...selected.filter((s) => !values.some((v) => v.value === s)).map((value) => ({ value, count: 0 })),
  ];
  const shown = open ? all : all.slice(0, SHOWN);
  if (!all.length) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid={`facet-${name}`}>
      <Typography variant="subtitle2">{FACET_LABELS[name]}</Typography>
      {shown.map((v) => (
        <FormControlLabel
          key={v.value}
          sx={{ display: 'flex', mr: 0, '& .MuiFormControlLabel-label': { flex: 1, fontSize: 14 } }}
          control={
            <Checkbox
              size="small"
              sx={{ py: 0.25 }}
              checked={selected.includes(v.value)}
              onChange={() => onToggle(v.value)}
            />
          }
          label={
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <span>{v.value}</span>
              <Typography component="span" variant="caption" color="text.secondary">
                {v.count.toLocaleString('en-US')}
              </Typography>
            </Stack>
          }
        />
      ))}
      {all.length > SHOWN && (
        <Button size="small" onClick={() => setOpen(!open)} sx={{ ml: -0.5 }}>
          {open ? 'Show fewer' : `Show all ${all.length}`}
        </Button>
      )}
    </Box>
  );
}
