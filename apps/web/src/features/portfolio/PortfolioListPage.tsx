import { formatLongDate, FILE_STATUSES, PORTFOLIO_PRODUCTS } from '@zview/contracts';
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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PagedTableFooter, usePaging } from '../../ui/PagedTableFooter';
import { track } from '../../api/analytics';
import { useSession } from '../../session/session';
import type { FilterOption, PortfolioList } from '@zview/contracts';
import { portfolioKeys, type PortfolioListFilters } from './api/keys';
import { fetchPortfolios } from './api/list';
import { fetchPortfolioListMetadata } from './api/listMetadata';
import { RunProgressBar, StatusChip } from './components';
import { EmptyState, LoadError, MessageRow, SkeletonRows } from '../../ui/TableStates';
import { FilterSelect } from './FilterSelect';
import { orderByProduct, productName, statusLabel } from './model';
import { JobsPanel } from './JobsPanel';
import { ProductActionsMenu, useProductActions } from './PortfolioActions';

const PAGE_SIZES = [10, 25, 50];
export const LIST_POLL_MS = 3000;
const COLUMNS = 5;
const NO_FILTERS: PortfolioListFilters = { product: [], status: [], organization: [] };

/** Polls while any product is being processed, so progress bars move and statuses flip. */
export function isProcessing(list: PortfolioList | undefined): boolean {
  return Boolean(
    list?.portfolios.some((p) =>
      p.products.some((pp) => pp.status === 'IN_PROGRESS' || (pp.status === 'UPLOADED' && !p.processingError)),
    ),
  );
}

export default function PortfolioListPage() {
  const session = useSession();
  const org = session.activeOrganization?.id ?? null;
  const isAdmin = session.user.isInternalAdmin;
  const [filters, setFilters] = useState<PortfolioListFilters>(NO_FILTERS);
  const paging = usePaging(10);
  const { page, itemsPerPage } = paging;
  const actions = useProductActions();

  const metadata = useQuery({
    queryKey: portfolioKeys.listMetadata(org),
    queryFn: ({ signal }) => fetchPortfolioListMetadata(signal, isAdmin),
    retry: false,
  });
  const list = useQuery({
    queryKey: portfolioKeys.list(org, filters, page, itemsPerPage),
    queryFn: ({ signal }) => fetchPortfolios(filters, page + 1, itemsPerPage, signal, isAdmin),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (query) => (isProcessing(query.state.data) ? LIST_POLL_MS : false),
  });

  const options = useMemo(() => {
    const served = metadata.data?.filters;
    const product: FilterOption[] =
      served?.product ?? PORTFOLIO_PRODUCTS.map((p) => ({ value: p, display: productName(p) }));
    const status: FilterOption[] = [
      ...(served?.status ??
        FILE_STATUSES.filter((s) => s !== 'ARCHIVED').map((s) => ({ value: s, display: statusLabel(s)! }))),
      { value: 'ARCHIVED', display: 'Archived' },
    ];
    // Internal admins send the role group and get every organisation from the server (SPEC §6).
    const organization: FilterOption[] =
      served?.organization ?? (isAdmin ? session.organizations.map((o) => ({ value: o.id, display: o.name })) : []);
    return { product, status, organization };
  }, [metadata.data, isAdmin, session.organizations]);

  const applyFilter = (kind: keyof PortfolioListFilters, value: string[]) => {
    const next = { ...filters, [kind]: value };
    setFilters(next);
    paging.onPageChange(0);
    track('portfolio_filters_applied', { product: next.product, status: next.status, organization: next.organization });
  };

  const filtered = filters.product.length + filters.status.length + filters.organization.length > 0;
  const rows = list.data?.portfolios ?? [];

  return (
    <Box sx={{ p: 4, maxWidth: 1360, mx: 'auto', width: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'flex-end', justifyContent: 'space-between', mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Portfolios
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            Upload a file of properties, score it for each product and review, export or rerun the results.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/zportfolio/create">
          New portfolio
        </Button>
      </Stack>

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
        {filtered && (
          <Button
            size="small"
            onClick={() => {
              setFilters(NO_FILTERS);
              paging.onPageChange(0);
              track('portfolio_filters_applied', { product: [], status: [], organization: [] });
            }}
          >
            Clear filters
          </Button>
        )}
      </Stack>

      <Paper variant="outlined">
        <TableContainer>
          <Table aria-label="Portfolios">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '30%' }}>Portfolio</TableCell>
                {isAdmin ? <TableCell>Organization</TableCell> : <TableCell>File</TableCell>}
                <TableCell align="right">Properties</TableCell>
                <TableCell>Created</TableCell>
                <TableCell sx={{ width: '38%' }}>Products</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                <SkeletonRows columns={COLUMNS} />
              ) : list.isError ? (
                <MessageRow columns={COLUMNS}>
                  <LoadError what="The portfolios" error={list.error} onRetry={() => void list.refetch()} />
                </MessageRow>
              ) : rows.length === 0 ? (
                <MessageRow columns={COLUMNS}>
                  {filtered ? (
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
              ) : (
                rows.map((portfolio) => (
                  <TableRow key={portfolio.id} data-testid="portfolio-row" sx={{ verticalAlign: 'top' }}>
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
                        <Typography
                          variant="body2"
                          sx={{ color: 'text.secondary' }}
                          noWrap
                          title={portfolio.description}
                        >
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
                      <Typography variant="body2">
                        {isAdmin ? portfolio.organizationName : portfolio.originalFileName}
                      </Typography>
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
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <PagedTableFooter total={list.data?.total} pageSizes={PAGE_SIZES} {...paging} />
      </Paper>
      {isAdmin && <JobsPanel />}
      {actions.exportDialog}
    </Box>
  );
}
