import { formatLongDate, type PortfolioList } from '@zview/contracts';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PagedTableFooter } from '../../ui/PagedTableFooter';
import { EmptyState, LoadError, MessageRow, SkeletonRows } from '../../ui/TableStates';
import { RunProgressBar, StatusChip } from './components';
import { FilterSelect } from './FilterSelect';
import { JobsPanel } from './JobsPanel';
import { orderByProduct, productName } from './model';
import { ProductActionsMenu, useProductActions } from './PortfolioActions';
import { usePortfolioListPage } from './usePortfolioListPage';

const PAGE_SIZES = [10, 25, 50];
const COLUMNS = 5;

type ListPage = ReturnType<typeof usePortfolioListPage>;
type Actions = ReturnType<typeof useProductActions>;

export default function PortfolioListPage() {
  const page = usePortfolioListPage();
  const actions = useProductActions();
  return (
    <Box sx={{ p: 4, maxWidth: 1360, mx: 'auto', width: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'flex-end', justifyContent: 'space-between', columnGap: 3, mb: 3 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Portfolios
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            Upload a file of properties, score it for each product and review, export or rerun the results.
          </Typography>
        </Box>
        {/* The description wraps at the minimum page width (768 px); the button's label stays on one line. */}
        <Button
          variant="contained"
          startIcon={<Add />}
          component={RouterLink}
          to="/zportfolio/create"
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          New portfolio
        </Button>
      </Stack>
      <PortfolioFilters page={page} />
      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label="Portfolios">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '30%' }}>Portfolio</TableCell>
                {page.isAdmin ? <TableCell>Organization</TableCell> : <TableCell>File</TableCell>}
                <TableCell align="right">Properties</TableCell>
                <TableCell>Created</TableCell>
                <TableCell sx={{ width: '38%' }}>Products</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <PortfolioRows page={page} actions={actions} />
            </TableBody>
          </Table>
        </TableContainer>
        <PagedTableFooter total={page.list.data?.total} pageSizes={PAGE_SIZES} {...page.paging} />
      </Paper>
      {page.isAdmin && <JobsPanel />}
      {actions.exportDialog}
    </Box>
  );
}

function PortfolioFilters({ page }: { page: ListPage }) {
  const { filters, options, applyFilter } = page;
  return (
    <Stack direction="row" spacing={1.5} sx={{ mb: 2, alignItems: 'center' }} data-testid="portfolio-filters">
      <FilterSelect
        label="Product"
        options={options.product}
        value={filters.product}
        onChange={(v) => applyFilter('product', v)}
      />
      <FilterSelect
        label="Status"
        options={options.status}
        value={filters.status}
        onChange={(v) => applyFilter('status', v)}
      />
      {options.organization.length > 1 && (
        <FilterSelect
          label="Organization"
          options={options.organization}
          value={filters.organization}
          onChange={(v) => applyFilter('organization', v)}
        />
      )}
      {page.filtered && (
        <Button size="small" onClick={page.clearFilters}>
          Clear filters
        </Button>
      )}
    </Stack>
  );
}

/** The table's body: loading, error, empty (filtered or not) or one row per portfolio. */
function PortfolioRows({ page, actions }: { page: ListPage; actions: Actions }) {
  const { list, rows } = page;
  if (list.isPending) return <SkeletonRows columns={COLUMNS} />;
  if (list.isError)
    return (
      <MessageRow columns={COLUMNS}>
        <LoadError what="The portfolios" error={list.error} onRetry={() => void list.refetch()} />
      </MessageRow>
    );
  if (rows.length === 0)
    return (
      <MessageRow columns={COLUMNS}>
        {page.filtered ? (
          <EmptyState
            title="No portfolios match these filters"
            hint="Adjust or clear the filters to see more portfolios."
          />
        ) : (
          <EmptyState
            title="No portfolios yet"
            hint="Upload a CSV file of addresses or coordinates to score every property at once."
            action={
              <Button variant="outlined" component={RouterLink} to="/zportfolio/create" sx={{ mt: 1 }}>
                Create your first portfolio
              </Button>
            }
          />
        )}
      </MessageRow>
    );
  return rows.map((portfolio) => (
    <PortfolioRow key={portfolio.id} portfolio={portfolio} isAdmin={page.isAdmin} actions={actions} />
  ));
}

function PortfolioRow({
  portfolio,
  isAdmin,
  actions,
}: {
  portfolio: PortfolioList['portfolios'][number];
  isAdmin: boolean;
  actions: Actions;
}) {
  return (
    <TableRow data-testid="portfolio-row" sx={{ verticalAlign: 'top' }}>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Link
            component={RouterLink}
            to={`/zportfolio/results?id=${portfolio.id}`}
            sx={{ fontWeight: 600 }}
            underline="hover"
          >
            {portfolio.name}
          </Link>
          <Tooltip title="Rename">
            <IconButton
              size="small"
              aria-label={`Rename ${portfolio.name}`}
              onClick={() => void actions.rename(portfolio)}
            >
              <Edit sx={{ fontSize: 16 }} />
            </IconButton>
          </Tooltip>
        </Stack>
        {portfolio.description && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap title={portfolio.description}>
            {portfolio.description}
          </Typography>
        )}
        {portfolio.processingError && (
          <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5 }}>
            {portfolio.processingError}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Typography variant="body2">{isAdmin ? portfolio.organizationName : portfolio.originalFileName}</Typography>
        {isAdmin && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {portfolio.originalFileName}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">
        {portfolio.rowCount === null ? '—' : portfolio.rowCount.toLocaleString('en-US')}
      </TableCell>
      <TableCell>{formatLongDate(portfolio.createdAt)}</TableCell>
      <TableCell sx={{ py: 0.5 }}>
        {orderByProduct(portfolio.products).map((product) => (
          <Stack
            key={product.product}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', minHeight: 40 }}
            data-testid="portfolio-product"
            data-product={product.product}
          >
            <Typography variant="body2" sx={{ fontWeight: 700, width: 96 }} data-testid="product-name">
              {productName(product.product)}
            </Typography>
            <Box sx={{ width: 104 }}>
              <StatusChip status={product.status} />
            </Box>
            <Box sx={{ flex: 1 }}>
              {product.status === 'IN_PROGRESS' && <RunProgressBar progress={product.progress} />}
            </Box>
            <ProductActionsMenu
              id={portfolio.id}
              name={portfolio.name}
              product={product.product}
              status={product.status}
              onAction={(target, action) => void actions.run(target, action)}
            />
          </Stack>
        ))}
      </TableCell>
    </TableRow>
  );
}
