import { RISK_LEVELS, type RiskLevel } from '@zview/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PagedTableFooter, usePaging } from '../../ui/PagedTableFooter';
import { SortableHeads, type SortableColumn } from '../../ui/SortableHeads';
import { RISK_LEVEL_LABELS, RiskChip } from '../../ui/RiskChip';
import { fetchPortfolioSuggestions } from './api/autocomplete';
import { portfolioKeys, type PropertySort } from './api/keys';
import { fetchPortfolioProperties } from './api/properties';
import { NoticesZipButton } from './NoticesZipButton';
import { EmptyState, LoadError, MessageRow, SkeletonRows } from '../../ui/TableStates';

const LIVE_REFRESH_MS = 5000;

const COLUMNS: SortableColumn<PropertySort>[] = [
  { key: null, label: 'Select' },
  { key: 'rowNumber', label: 'Row' },
  { key: 'ref', label: 'Reference' },
  { key: null, label: 'Address' },
  { key: 'score', label: 'Score', align: 'right' },
  { key: 'riskLevel', label: 'Risk' },
  { key: 'confidence', label: 'Confidence', align: 'right' },
];

/** The scored properties of one product: sortable, filterable by risk level, paginated, with search. */
export function ResultsTable({
  org,
  portfolioId,
  product,
  onOpen,
  live = false,
}: {
  org: number | null;
  portfolioId: number;
  product: string;
  onOpen: (rowNumber: number) => void;
  /** Refreshes while the product is being scored. */ live?: boolean;
}) {
  const paging = usePaging(25);
  const { page, itemsPerPage } = paging;
  const [sort, setSort] = useState<PropertySort>('rowNumber');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [levels, setLevels] = useState<RiskLevel[]>([]);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  // Rows chosen for their score notices (kept across pages, sorts and filters).
  const [selected, setSelected] = useState<number[]>([]);
  const toggleRow = (row: number) =>
    setSelected((current) => (current.includes(row) ? current.filter((r) => r !== row) : [...current, row]));
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const params = { product, page: page + 1, itemsPerPage, riskLevel: levels, sort, order };
  const properties = useQuery({
    queryKey: portfolioKeys.properties(org, portfolioId, params),
    queryFn: ({ signal }) => fetchPortfolioProperties(portfolioId, params, signal),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
  const suggestions = useQuery({
    queryKey: ['portfolio', org, portfolioId, 'autocomplete', debounced],
    queryFn: ({ signal }) => fetchPortfolioSuggestions(portfolioId, debounced, signal),
    enabled: debounced.length >= 2,
    retry: false,
  });

  const sortBy = (key: PropertySort) => {
    setOrder(sort === key && order === 'asc' ? 'desc' : 'asc');
    setSort(key);
    paging.onPageChange(0);
  };
  const toggleLevel = (level: RiskLevel) => {
    setLevels((current) => (current.includes(level) ? current.filter((l) => l !== level) : [...current, level]));
    paging.onPageChange(0);
  };
  const rows = properties.data?.properties ?? [];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Autocomplete
          sx={{ width: 420 }}
          size="small"
          options={suggestions.data?.suggestions ?? []}
          loading={suggestions.isFetching}
          filterOptions={(options) => options}
          popupIcon={null}
          getOptionLabel={(option) => [option.ref, option.address].filter(Boolean).join(' · ')}
          inputValue={search}
          onInputChange={(_, value, reason) => reason !== 'reset' && setSearch(value)}
          onChange={(_, option) => option && onOpen(option.rowNumber)}
          noOptionsText={debounced.length < 2 ? 'Type at least 2 characters' : 'No matching properties'}
          renderInput={(input) => <TextField {...input} label="Find a property" placeholder="Reference or address" />}
        />
        <NoticesZipButton portfolioId={portfolioId} product={product} rows={selected} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="risk-filter">
          <Typography variant="body2" sx={{ color: 'text.secondary', mr: 0.5 }}>
            Risk level
          </Typography>
          {RISK_LEVELS.map((level) => (
            <Chip
              key={level}
              label={RISK_LEVEL_LABELS[level]}
              size="small"
              color={levels.includes(level) ? 'primary' : 'default'}
              variant={levels.includes(level) ? 'filled' : 'outlined'}
              onClick={() => toggleLevel(level)}
              aria-pressed={levels.includes(level)}
            />
          ))}
        </Stack>
      </Stack>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Scored properties">
            <SortableHeads columns={COLUMNS} sort={sort} direction={order} onSort={sortBy} />
            <TableBody>
              {properties.isPending ? (
                <SkeletonRows columns={COLUMNS.length} rows={8} />
              ) : properties.isError ? (
                <MessageRow columns={COLUMNS.length}>
                  <LoadError what="The results" error={properties.error} onRetry={() => void properties.refetch()} />
                </MessageRow>
              ) : rows.length === 0 ? (
                <MessageRow columns={COLUMNS.length}>
                  <EmptyState
                    title={levels.length ? 'No properties at these risk levels' : 'No scored properties yet'}
                    hint={
                      levels.length
                        ? 'Choose other risk levels to see more properties.'
                        : 'Results appear here as soon as the first part of the file is scored.'
                    }
                  />
                </MessageRow>
              ) : (
                rows.map((row) => (
                  <TableRow
                    key={row.rowNumber}
                    hover
                    sx={{ cursor: 'pointer' }}
                    onClick={() => onOpen(row.rowNumber)}
                    data-testid="result-row"
                  >
                    <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                      <Checkbox
                        size="small"
                        checked={selected.includes(row.rowNumber)}
                        onChange={() => toggleRow(row.rowNumber)}
                        slotProps={{ input: { 'aria-label': `Select row ${row.rowNumber}` } }}
                      />
                    </TableCell>
                    <TableCell>{row.rowNumber}</TableCell>
                    <TableCell>{row.ref ?? '—'}</TableCell>
                    <TableCell sx={{ maxWidth: 380 }}>
                      <Typography variant="body2" noWrap title={row.address ?? undefined}>
                        {row.address || `${row.latitude ?? '—'}, ${row.longitude ?? '—'}`}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      {row.score?.toFixed(1) ?? '—'}
                    </TableCell>
                    <TableCell>{row.riskLevel ? <RiskChip level={row.riskLevel} /> : '—'}</TableCell>
                    <TableCell align="right">
                      {row.confidence === null ? '—' : `${Math.round(row.confidence * 100)}%`}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <PagedTableFooter total={properties.data?.total} pageSizes={[25, 50, 100]} {...paging} />
      </Paper>
    </Stack>
  );
}
