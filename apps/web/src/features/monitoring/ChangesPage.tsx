import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ChangeDrawer } from './ChangeDrawer';
import { ChangeFilters } from './changes/ChangeFilters';
import { ChangeSummary } from './changes/ChangeSummary';
import { ChangesTable } from './changes/ChangesTable';
import { DiffPanel } from './changes/DiffPanel';
import { MonitoringPanel } from './changes/MonitoringPanel';
import { useChangesPage } from './changes/useChangesPage';

/** /zportfolio/changes?portfolio=ID: what changed in a monitored book, why, and the diff of its runs (issue 41). */
export default function ChangesPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('portfolio'));
  const { portfolio, monitoring, changes, toggle, filters, setFilter, page, setPage, open, setOpen } =
    useChangesPage(id);
  if (!(id > 0)) return <Typography sx={{ p: 3 }}>Choose a portfolio to see its changes.</Typography>;
  const data = changes.data;
  return (
    <Box sx={{ p: 3, display: 'grid', gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          Changes · {portfolio.data?.name ?? ''}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={`/zportfolio/results?id=${id}`}>
            Portfolio
          </Button>
          <Button component={RouterLink} to={`/zportfolio/alerts?portfolio=${id}`}>
            Alerts & webhooks
          </Button>
        </Stack>
      </Stack>
      <MonitoringPanel
        products={portfolio.data?.products ?? []}
        states={monitoring.data?.products}
        onToggle={(v) => toggle.mutate(v)}
        error={toggle.error}
      />
      <ChangeFilters filters={filters} set={setFilter} />
      {data && <ChangeSummary data={data} set={setFilter} />}
      {data && data.topMovers.length > 0 && (
        <Paper sx={{ p: 2 }}>
          <Typography variant="subtitle1">Top movers</Typography>
          <ChangesTable rows={data.topMovers} onOpen={setOpen} testId="top-movers" />
        </Paper>
      )}
      {data && (
        <Paper sx={{ p: 2 }}>
          <Typography variant="subtitle1">All changes</Typography>
          <ChangesTable rows={data.changes} onOpen={setOpen} testId="changes" />
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={25}
            rowsPerPageOptions={[25]}
            onPageChange={(_, p) => setPage(p)}
          />
        </Paper>
      )}
      {portfolio.data && <DiffPanel portfolioId={id} products={portfolio.data.products} />}
      <ChangeDrawer portfolioId={id} changeId={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
