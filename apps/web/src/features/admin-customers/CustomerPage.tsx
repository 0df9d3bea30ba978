import { Alert, Box, Breadcrumbs, Chip, Link, Paper, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useCustomer } from './api/customer';
import { DetailsTab } from './tabs/DetailsTab';
import { HistoryTab } from './tabs/HistoryTab';
import { ProductsTab } from './tabs/ProductsTab';
import { SsoTab } from './tabs/SsoTab';
import { UsersTab } from './tabs/UsersTab';

const TABS = [
  { value: 'details', label: 'Details' },
  { value: 'products', label: 'Products & features' },
  { value: 'users', label: 'Users' },
  { value: 'sso', label: 'SSO' },
  { value: 'history', label: 'History' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** /admin/customer-management/{id}: one customer, with tabs for details, products & features, users, SSO and history. */
export default function CustomerPage() {
  const id = Number(useParams().customerId);
  const [params, setParams] = useSearchParams();
  const tab: TabValue = TABS.some((t) => t.value === params.get('tab')) ? (params.get('tab') as TabValue) : 'details';
  const customer = useCustomer(id);

  return (
    <Box sx={{ px: 4, py: 3, maxWidth: 1360, mx: 'auto', width: '100%' }}>
      <Breadcrumbs sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/admin/customer-management" underline="hover">
          Customer management
        </Link>
        <Typography color="text.primary">{customer.data?.name ?? `Customer ${id}`}</Typography>
      </Breadcrumbs>
      {customer.isError ? (
        <Alert severity="error">{customer.error.message}</Alert>
      ) : !customer.data ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <Typography variant="h4" component="h1">
              {customer.data.name}
            </Typography>
            <Chip size="small" variant="outlined" label={`ID ${customer.data.id}`} />
            {customer.data.isTrial && <Chip size="small" label="Trial" />}
          </Stack>
          <Paper variant="outlined">
            <Tabs
              value={tab}
              onChange={(_e, value: TabValue) => setParams({ tab: value }, { replace: true })}
              aria-label="Customer"
              sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              {TABS.map((t) => (
                <Tab key={t.value} value={t.value} label={t.label} />
              ))}
            </Tabs>
            <Box sx={{ p: 3 }}>
              {tab === 'details' && <DetailsTab customer={customer.data} />}
              {tab === 'products' && <ProductsTab customerId={id} />}
              {tab === 'users' && <UsersTab customerId={id} />}
              {tab === 'sso' && <SsoTab customerId={id} />}
              {tab === 'history' && <HistoryTab customerId={id} />}
            </Box>
          </Paper>
        </>
      )}
    </Box>
  );
}
