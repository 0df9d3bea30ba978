import { formatLongDate, type ZorroFilingSummary } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { track } from '../../api/analytics';
import { PagedTableFooter } from '../../ui/PagedTableFooter';
import { SortableHeads, type SortableColumn } from '../../ui/SortableHeads';
import { useFacets } from './api/filters';
import { useFilingSearch } from './api/search';
import { FilingView } from './components/FilingView';
import { FilterPanel } from './components/FilterPanel';
import { formatChange, STATUS_COLORS } from './components/format';
import { Highlight } from './components/Highlight';
import { ZorroNav } from './components/ZorroNav';
import { NarrowBar } from './components/NarrowBar';
import { UnderstoodBar } from './components/UnderstoodBar';
import { looksLikeQuestion, narrowedBy, pagingOf, sortedBy, type Sort } from './filters';
import { useFinderState } from './useFinderState';
import { ModelNames } from './components/ModelNames';

const COLUMNS: SortableColumn<Sort>[] = [
  { key: 'company', label: 'Company' },
  { key: 'state', label: 'State' },
  { key: null, label: 'Line / type' },
  { key: 'status', label: 'Status' },
  { key: 'submitted', label: 'Submitted' },
  { key: 'effective', label: 'Effective' },
  { key: 'rateChange', label: 'Rate change', align: 'right' },
  { key: null, label: 'Models cited' },
];

/** Filing finder: faceted filters, a sortable paged results table, and a filing's page (?filing=ID). */
export default function FilingFinderPage() {
  const { params, state, go } = useFinderState();
  const filingId = Number(params.get('filing')) || null;
  const documentId = Number(params.get('doc')) || null;
  const page = Number(params.get('page_no')) || null;
  const search = useFilingSearch(state);
  const facets = useFacets(state);

  useEffect(() => {
    if (search.data && search.data.total === 0)
      track('zorro_search_zero_results', { q: state.q ?? '', filters: params.toString() });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.data]);

  const select = (filing: ZorroFilingSummary) => {
    track('zorro_selected_filing', {
      filingId: filing.id,
      trackingNumber: filing.trackingNumber,
      position: search.data?.results.indexOf(filing),
    });
    go(state, {
      filing: String(filing.id),
      doc: filing.hit ? String(filing.hit.documentId) : undefined,
      page_no: filing.hit ? String(filing.hit.page) : undefined,
    });
  };

  if (filingId) {
    return (
      <Box sx={{ p: 3, maxWidth: 1400, mx: 'auto' }}>
        <FilingView
          id={filingId}
          q={state.q}
          documentId={documentId}
          page={page}
          onOpenDocument={(doc) => go(state, { filing: String(filingId), doc: String(doc) })}
          onBack={() => {
            track('zorro_filing_finder_back', { filingId });
            go(state);
          }}
        />
      </Box>
    );
  }

  return (
    <Box sx={{ p: 3, maxWidth: 1600, mx: 'auto' }}>
      <ZorroNav title="Filing finder" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <FilterPanel state={state} facets={facets.data} onChange={(next) => go(next)} />
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
          {search.isFetching && <LinearProgress />}
          {search.error && <Alert severity="error">The search failed: {(search.error as Error).message}</Alert>}
          {state.q && (
            <UnderstoodBar
              understood={search.data?.understood}
              question={looksLikeQuestion(state.q) ? state.q : null}
              onRemove={(id) => go({ ...state, ignore: [...(state.ignore ?? []), id], page: 1 })}
            />
          )}
          <NarrowBar narrow={search.data?.narrow} onPick={(field, value) => go(narrowedBy(state, field, value))} />
          <TableContainer>
            <Table size="small" aria-label="Filings">
              <SortableHeads
                columns={COLUMNS}
                sort={state.sort}
                direction={state.dir}
                onSort={(key) => go(sortedBy(state, key))}
                firstDirection="desc"
              />
              <TableBody>
                {search.data?.results.map((f) => (
                  <TableRow
                    key={f.id}
                    hover
                    sx={{ cursor: 'pointer', verticalAlign: 'top' }}
                    onClick={() => select(f)}
                    data-testid="filing-row"
                  >
                    <TableCell sx={{ maxWidth: 420 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {f.company}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {f.trackingNumber} · {f.naicGroup}
                      </Typography>
                      {f.hit && (
                        <Typography
                          variant="body2"
                          color="text.secondary"
                          sx={{ mt: 0.5, fontSize: 13 }}
                          data-testid="hit"
                        >
                          <b>
                            {f.hit.documentTitle}, p. {f.hit.page}:
                          </b>{' '}
                          <Highlight text={f.hit.highlight} />
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{f.state}</TableCell>
                    <TableCell>
                      {f.line}
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {f.filingType}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={f.status}
                        color={STATUS_COLORS[f.status] ?? 'default'}
                        variant="outlined"
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatLongDate(f.submittedOn)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {f.effectiveOn ? formatLongDate(f.effectiveOn) : '—'}
                    </TableCell>
                    <TableCell align="right">{formatChange(f.overallChange)}</TableCell>
                    <TableCell>
                      <ModelNames models={f.models} />
                    </TableCell>
                  </TableRow>
                ))}
                {search.data && search.data.total === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length}>
                      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="no-results">
                        No filings match these filters. Remove a filter or try other words.
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <PagedTableFooter total={search.data?.total} pageSizes={[10, 25, 50, 100]} {...pagingOf(state, go)} />
        </Paper>
      </Stack>
    </Box>
  );
}
