import { formatLongDate, CUSTOMER_PAGE_SIZES, FEATURE_KEYS, type CustomersQuery } from '@zview/contracts';
import {
  Box,
  Button,
  Chip,
  InputAdornment,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PagedTableFooter, usePaging } from '../../ui/PagedTableFooter';
import { SortableHeads, type SortableColumn } from '../../ui/SortableHeads';
import { useDebounced } from '../../ui/useDebounced';
import { useCustomers, useCustomersMetadata } from './api/customers';
import { NewCustomerDialog } from './NewCustomerDialog';
import { featureLabel } from './labels';
import { EmptyState, LoadError, MessageRow, SkeletonRows } from '../../ui/TableStates';

type Sort = NonNullable<CustomersQuery['sort']>;
const COLUMNS: SortableColumn<Sort>[] = [
  { key: 'name', label: 'Customer' },
  { key: 'id', label: 'ID', align: 'right' },
  { key: null, label: 'Products' },
  { key: 'userCount', label: 'Users', align: 'right' },
  { key: 'createdAt', label: 'Created' },
];

/** /admin/customer-management: find a customer (search as you type, sortable, paged). */
export default function CustomerManagementPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [product, setProduct] = useState('');
  const [sort, setSort] = useState<Sort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const paging = usePaging(25);
  const { page, itemsPerPage } = paging;
  const [creating, setCreating] = useState(false);
  const debounced = useDebounced(search.trim(), 250);
  const customers = useCustomers({
    search: debounced || undefined,
    product: (product || undefined) as CustomersQuery['product'],
    sort,
    order,
    page: page + 1,
    itemsPerPage,
  });
  const metadata = useCustomersMetadata();

  function sortBy(key: Sort) {
    if (key === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(key);
      setOrder('asc');
    }
    paging.onPageChange(0);
  }

  return (
    <Box sx={{ px: 4, py: 3, maxWidth: 1360, mx: 'auto', width: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <Typography variant="h4" component="h1">
            Customer management
          </Typography>
          {metadata.data && (
            <Typography color="text.secondary" data-testid="customer-counts">
              {metadata.data.total.toLocaleString('en-US')} customers, {metadata.data.trial.toLocaleString('en-US')} on
              trial
            </Typography>
          )}
        </Box>
        <Button variant="contained" onClick={() => setCreating(true)}>
          New customer
        </Button>
      </Stack>
      <Paper variant="outlined">
        <Stack direction="row" spacing={2} sx={{ p: 2 }}>
          <TextField
            label="Search customers"
            placeholder="Name, contact email or ID"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              paging.onPageChange(0);
            }}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchOutlined fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            label="Product"
            value={product}
            onChange={(event) => {
              setProduct(event.target.value);
              paging.onPageChange(0);
            }}
            size="small"
            sx={{ width: 260 }}
          >
            <MenuItem value="">Any product</MenuItem>
            {FEATURE_KEYS.map((key) => {
              const count = metadata.data?.products.find((p) => p.product === key)?.count ?? 0;
              return (
                <MenuItem key={key} value={key}>
                  {featureLabel(key)} ({count})
                </MenuItem>
              );
            })}
          </TextField>
        </Stack>
        {customers.isError && (
          <LoadError what="The customers" error={customers.error} onRetry={() => void customers.refetch()} />
        )}
        <TableContainer>
          <Table size="small" aria-label="Customers">
            <SortableHeads columns={COLUMNS} sort={sort} direction={order} onSort={sortBy} bold />
            <TableBody>
              {customers.isPending && <SkeletonRows columns={COLUMNS.length} />}
              {customers.data?.results.length === 0 && (
                <MessageRow columns={COLUMNS.length}>
                  <EmptyState title="No customers match." hint="Adjust the search or the product filter." />
                </MessageRow>
              )}
              {customers.data?.results.map((customer) => (
                <TableRow
                  key={customer.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => void navigate(`/admin/customer-management/${customer.id}`)}
                >
                  <TableCell>
                    <Typography sx={{ fontWeight: 600 }}>{customer.name}</Typography>
                    {customer.isTrial && <Chip size="small" label="Trial" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell align="right">{customer.id}</TableCell>
                  <TableCell sx={{ maxWidth: 520 }}>
                    {customer.products.length === 0 ? (
                      <Typography color="text.secondary">None</Typography>
                    ) : (
                      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                        {customer.products.slice(0, 6).map((key) => (
                          <Chip key={key} size="small" variant="outlined" label={featureLabel(key)} />
                        ))}
                        {customer.products.length > 6 && (
                          <Chip size="small" label={`+${customer.products.length - 6}`} />
                        )}
                      </Stack>
                    )}
                  </TableCell>
                  <TableCell align="right">{customer.userCount}</TableCell>
                  <TableCell>{formatLongDate(customer.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <PagedTableFooter total={customers.data?.total} pageSizes={[...CUSTOMER_PAGE_SIZES]} {...paging} />
      </Paper>
      <NewCustomerDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => void navigate(`/admin/customer-management/${id}`)}
      />
    </Box>
  );
}
