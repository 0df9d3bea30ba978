import {
  BILLING_COLUMNS,
  BILLING_TEXT,
  type AnnualUsageRow,
  type BatchWorkRow,
  type BillingResponse,
  type QuarterlyUsageRow,
} from '@zview/contracts';
import { Box, Button, GlobalStyles, Skeleton, Stack, Typography } from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { useEffect, useState } from 'react';
import { track } from '../../api/analytics';
import { isApiError } from '../../api/errors';
import { useSession } from '../../session/session';
import { useNotifications } from '../../ui/notifications';
import { isCancelled, useBilling } from './api/billing';
import { AdminOrganizationBox } from './components/AdminOrganizationBox';
import { BillingTable, NO_RESULTS, NO_SUBMISSIONS, type BillingColumn } from './components/BillingTable';
import { UsageChart } from './components/UsageChart';
import { downloadCsv, tableCsv } from './csv';
import {
  contractYearLabel,
  count,
  csvFileName,
  date,
  productLabel,
  quarterContractYearLabel,
  quarterLabel,
} from './format';

type Labels<K extends string> = Readonly<Record<K, string>>;
const labels = <K extends string>(columns: readonly (readonly [K, string])[]): Labels<K> =>
  Object.fromEntries(columns) as Labels<K>;
const ANNUAL = labels(BILLING_COLUMNS.annual);
const QUARTERLY = labels(BILLING_COLUMNS.quarterly);
const BATCH = labels(BILLING_COLUMNS.batchWork);

const num = <Row,>(key: string, label: string, value: (row: Row) => number): BillingColumn<Row> => ({
  key,
  label,
  numeric: true,
  cell: (row) => count(value(row)),
  csv: value,
});
const product = <Row extends { product: string }>(label: string): BillingColumn<Row> => ({
  key: 'product',
  label,
  noWrap: true,
  cell: (row) => productLabel(row.product),
});

export const ANNUAL_COLUMNS: BillingColumn<AnnualUsageRow>[] = [
  {
    key: 'contract_year',
    label: ANNUAL.contract_year,
    cell: (r) => contractYearLabel(r.contract_year_start, r.contract_year_end),
  },
  product(ANNUAL.product),
  num('agreement', ANNUAL.agreement, (r) => r.agreement),
  num('usage', ANNUAL.usage, (r) => r.usage),
  num('remaining', ANNUAL.remaining, (r) => r.remaining),
  num('overage', ANNUAL.overage, (r) => r.overage),
];
export const QUARTERLY_COLUMNS: BillingColumn<QuarterlyUsageRow>[] = [
  { key: 'contract_year', label: QUARTERLY.contract_year, cell: (r) => quarterContractYearLabel(r) },
  {
    key: 'quarter',
    label: QUARTERLY.quarter,
    cell: (r) => `${quarterLabel(r.quarter)} (${date(r.quarter_start)} – ${date(r.quarter_end)})`,
  },
  product(QUARTERLY.product),
  num('api_total', QUARTERLY.api_total, (r) => r.api_total),
  num('zview', QUARTERLY.zview, (r) => r.zview),
  num('portfolio', QUARTERLY.portfolio, (r) => r.portfolio),
  num('total_pings', QUARTERLY.total_pings, (r) => r.total_pings),
];
export const BATCH_COLUMNS: BillingColumn<BatchWorkRow>[] = [
  { key: 'date_delivered', label: BATCH.date_delivered, cell: (r) => date(r.date_delivered) },
  { key: 'batch_name', label: BATCH.batch_name, cell: (r) => r.batch_name },
  num('no_of_addresses', BATCH.no_of_addresses, (r) => r.no_of_addresses),
  product(BATCH.product),
];

/** Today in the reader's own calendar, MM/DD/YYYY. */
function today(): string {
  const now = new Date();
  return date(
    `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`,
  );
}

const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, .billing-no-print, .MuiSnackbar-root, [role="alert"]': { display: 'none !important' },
        'html, body, #root': {
          background: '#fff !important',
          height: 'auto !important',
          overflow: 'visible !important',
        },
        '.billing-report': { padding: '0 !important', maxWidth: 'none !important', margin: '0 !important' },
        '.billing-section': { breakInside: 'avoid', boxShadow: 'none !important' },
        '@page': { margin: '14mm' },
      },
    }}
  />
);

/** /billing (SPEC §2 Billing page): the organisation's usage by agreement, by quarter, and its submissions. */
export default function BillingPage() {
  const session = useSession();
  // Billing of any organisation (SPEC §6 {product} admins): the server's `organization:act-for-any`.
  const isInternalAdmin = session.permissions.abilities.actForAnyOrganization;
  const [organization, setOrganization] = useState<number | null>(null);
  const billing = useBilling(session.activeOrganization?.id, organization);
  const { notify } = useNotifications();

  useEffect(() => {
    if (!billing.isError || isCancelled(billing.error)) return;
    const message = isApiError(billing.error) ? billing.error.message : 'The billing report could not be loaded.';
    notify({ text: message, variant: 'error' });
  }, [billing.isError, billing.error, notify]);

  const data = billing.data;
  const shown =
    data?.organization ??
    (organization === null && session.activeOrganization
      ? { id: session.activeOrganization.id, name: session.activeOrganization.name }
      : null);
  // The organisation asked for could not be shown (unknown id, no access): say so where its name goes.
  const failedId = !data && billing.isError && organization !== null ? organization : null;

  return (
    // width 100%: centred by auto margins, the report is otherwise as wide as its widest table and
    // pushes the page into a sideways scroll at 768 px; with it the tables scroll inside themselves.
    <Box
      className="billing-report"
      data-testid="billing-report"
      sx={{ p: 4, maxWidth: 1200, mx: 'auto', width: '100%' }}
    >
      {PRINT_STYLES}
      <Stack
        direction="row"
        alignItems="flex-end"
        justifyContent="space-between"
        spacing={3}
        useFlexGap
        sx={{ mb: 3, flexWrap: 'wrap' }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: 1 }}>
            {BILLING_TEXT.title}
          </Typography>
          {shown ? (
            <Typography variant="body2" color="text.secondary" data-testid="billing-organization">
              {shown.name}
            </Typography>
          ) : failedId !== null ? (
            <Typography variant="body2" color="error" data-testid="billing-organization">
              No report for organization ID {failedId}
            </Typography>
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary" data-testid="report-generated">
          {BILLING_TEXT.reportGenerated}: {today()}
        </Typography>
      </Stack>

      {isInternalAdmin && <AdminOrganizationBox organization={shown} failedId={failedId} onSubmit={setOrganization} />}

      {billing.isPending && billing.isFetching ? (
        <Stack spacing={3} data-testid="billing-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={180} data-testid="billing-skeleton" />
          ))}
        </Stack>
      ) : data ? (
        <Report data={data} />
      ) : null}
    </Box>
  );
}

function csvButton<Row>(table: string, organizationName: string, columns: BillingColumn<Row>[], rows: Row[]) {
  return (
    <Button
      size="small"
      startIcon={<DownloadOutlined />}
      disabled={rows.length === 0}
      onClick={() => downloadCsv(csvFileName(table, organizationName), tableCsv(columns, rows))}
    >
      {BILLING_TEXT.downloadCsv}
    </Button>
  );
}

function Report({ data }: { data: BillingResponse }) {
  const name = data.organization.name;
  const annual = data.annualUsageByAgreement.data;
  const quarterly = data.quarterlyUsageByAgreement.data;
  const batches = data.batchWork.data;
  return (
    <>
      <BillingTable
        id="annual-usage"
        title={BILLING_TEXT.annualTitle}
        columns={ANNUAL_COLUMNS}
        rows={annual}
        empty={NO_RESULTS}
        actions={
          <>
            <Button
              size="small"
              variant="outlined"
              startIcon={<PrintOutlined />}
              onClick={() => {
                track('page_print', { page: 'billing' });
                window.print();
              }}
            >
              {BILLING_TEXT.print}
            </Button>
            {csvButton('annual usage by agreement', name, ANNUAL_COLUMNS, annual)}
          </>
        }
      />
      {data.usageTrend.data.length > 0 && (
        <Box component="section" className="billing-section" aria-label={BILLING_TEXT.chartTitle} sx={{ mb: 3 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, letterSpacing: 0.5, mb: 1 }}>
            {BILLING_TEXT.chartTitle}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            {data.usageTrend.data.map((trend) => (
              <UsageChart key={trend.product} trend={trend} />
            ))}
          </Stack>
        </Box>
      )}
      <BillingTable
        id="quarterly-usage"
        title={BILLING_TEXT.quarterlyTitle}
        columns={QUARTERLY_COLUMNS}
        rows={quarterly}
        empty={NO_RESULTS}
        actions={csvButton('quarterly transaction breakdown', name, QUARTERLY_COLUMNS, quarterly)}
      />
      <BillingTable
        id="portfolio-submissions"
        title={BILLING_TEXT.submissionsTitle}
        columns={BATCH_COLUMNS}
        rows={batches}
        empty={NO_SUBMISSIONS}
        actions={csvButton('z-portfolio submissions', name, BATCH_COLUMNS, batches)}
      />
    </>
  );
}
