import Download from '@mui/icons-material/Download';
import ViewColumn from '@mui/icons-material/ViewColumn';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { track } from '../../api/analytics';
import { saveBlob } from '../../ui/saveBlob';
import { downloadFileName } from '@zview/contracts';
import { PagedTableFooter } from '../../ui/PagedTableFooter';
import { SortableHeads } from '../../ui/SortableHeads';
import { useFacets } from './api/filters';
import { fetchExport } from './api/export';
import { useFilingSearch } from './api/search';
import { UnderstoodBar } from './components/UnderstoodBar';
import { FilterPanel } from './components/FilterPanel';
import { formatChange } from './components/format';
import { ZorroNav } from './components/ZorroNav';
import { finderLink, pagingOf, sortedBy, type FinderState } from './filters';
import { useFinderState } from './useFinderState';
import { ModelNames } from './components/ModelNames';
import { DEFAULT_GRID_COLUMNS, GRID_COLUMNS, type GridColumnKey } from './grid-export';

// Relevance, as the finder: best match first for a question, and without words the newest
// submission first (the same order as sorting by the submission date).
const GRID_DEFAULTS: Partial<FinderState> = { pageSize: 50 };

/** Grid: extracted fields across filings, sortable, filterable, with a column choice and CSV/XLSX export. */
export default function GridPage() {
  const { state, go } = useFinderState(GRID_DEFAULTS);
  const [columns, setColumns] = useState<GridColumnKey[]>(DEFAULT_GRID_COLUMNS);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const search = useFilingSearch(state);
  const facets = useFacets(state);
  const shown = GRID_COLUMNS.filter((c) => columns.includes(c.key));

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    setExportFailed(false);
    try {
      saveBlob(await fetchExport(state, columns, format), downloadFileName('filings', format));
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ p: 3, maxWidth: 1700, mx: 'auto' }}>
      <ZorroNav title="Grid" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <FilterPanel state={state} facets={facets.data} onChange={go} />
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ p: 1, justifyContent: 'flex-end' }}>
            {state.q && state.sort !== 'relevance' && (
              <Button onClick={() => go({ ...state, sort: 'relevance', dir: 'desc', page: 1 })}>
                Best match first
              </Button>
            )}
            <Button startIcon={<ViewColumn />} onClick={(e) => setMenu(e.currentTarget)} data-testid="columns-button">
              Columns
            </Button>
            <Button
              startIcon={<Download />}
              disabled={exporting || !search.data?.total}
              onClick={() => void exportAs('csv')}
              data-testid="export-csv"
            >
              CSV
            </Button>
            <Button
              startIcon={<Download />}
              disabled={exporting || !search.data?.total}
              onClick={() => void exportAs('xlsx')}
              data-testid="export-xlsx"
            >
              Excel
            </Button>
          </Stack>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            {GRID_COLUMNS.map((c) => (
              <MenuItem
                key={c.key}
                dense
                onClick={() =>
                  setColumns(
                    columns.includes(c.key)
                      ? columns.filter((k) => k !== c.key)
                      : GRID_COLUMNS.map((g) => g.key).filter((k) => k === c.key || columns.includes(k)),
                  )
                }
              >
                <Checkbox size="small" checked={columns.includes(c.key)} sx={{ py: 0 }} />
                <ListItemText primary={c.label} />
              </MenuItem>
            ))}
          </Menu>
          {(search.isFetching || exporting) && <LinearProgress />}
          {search.error && <Alert severity="error">The filings could not be loaded.</Alert>}
          {state.q && (
            <UnderstoodBar
              understood={search.data?.understood}
              question={null}
              onRemove={(id) => go({ ...state, ignore: [...(state.ignore ?? []), id], page: 1 })}
            />
          )}
          {exportFailed && <Alert severity="error">The export could not be made. Try again.</Alert>}
          <TableContainer>
            <Table size="small" aria-label="Filings grid">
              <SortableHeads
                columns={shown.map((c) => ({
                  label: c.label,
                  key: c.sort ?? null,
                  align: c.key === 'overallChange' ? 'right' : undefined,
                }))}
                sort={state.sort}
                direction={state.dir}
                onSort={(key) => go(sortedBy(state, key))}
                firstDirection="desc"
              />
              <TableBody>
                {search.data?.results.map((f) => (
                  <TableRow key={f.id} hover data-testid="grid-row">
                    {shown.map((c) => (
                      <TableCell
                        key={c.key}
                        align={c.key === 'overallChange' ? 'right' : undefined}
                        onClick={() => track('zorro_table_cell_click', { column: c.key, filingId: f.id })}
                        data-testid={`cell-${c.key}`}
                      >
                        {c.key === 'company' ? (
                          <Link component={RouterLink} to={finderLink({}, { filing: String(f.id) })}>
                            {f.company}
                          </Link>
                        ) : c.key === 'overallChange' ? (
                          formatChange(f.overallChange)
                        ) : c.key === 'models' ? (
                          <ModelNames models={f.models} />
                        ) : (
                          String(c.value(f) ?? '') || '—'
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PagedTableFooter total={search.data?.total} pageSizes={[25, 50, 100, 250]} {...pagingOf(state, go)} />
        </Paper>
      </Stack>
    </Box>
  );
}
