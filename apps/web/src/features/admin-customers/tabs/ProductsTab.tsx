import type { ProductSwitch } from '@zview/contracts';
import {
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Skeleton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { DateField } from '../../../ui/DateField';
import { useNotifications } from '../../../ui/notifications';
import { useCustomerProducts, useUpdateCustomerProduct } from '../api/products';
import { featureLabel } from '../labels';
import { ColumnHeads } from '../../../ui/QueryTable';
import { LoadError } from '../../../ui/TableStates';

/** Products & features: each key switched on or off with dates; billable products carry their agreement. */
export function ProductsTab({ customerId }: { customerId: number }) {
  const products = useCustomerProducts(customerId);
  if (products.isError)
    return <LoadError what="The products" error={products.error} onRetry={() => void products.refetch()} />;
  if (!products.data) return <Skeleton variant="rounded" height={320} />;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        A product is on for the customer while it is switched on and today is within its dates (the end date is the last
        day on). Changes apply to the customer&apos;s next request.
      </Typography>
      <Table size="small" aria-label="Products and features">
        <ColumnHeads
          labels={['Product or feature', 'On', 'Start date', 'End date', 'Agreement (billable products)', '']}
        />
        <TableBody>
          {products.data.map((product) => (
            <ProductRow
              key={`${product.productId}-${JSON.stringify(product)}`}
              customerId={customerId}
              product={product}
              portfolioTabOpens={portfolioTabOpens(products.data)}
            />
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

/** SPEC §2: the Portfolio tab opens only with the fire- or property-portfolio feature on. */
const PORTFOLIO_OPENERS = ['zfire-portfolio', 'zproperty-portfolio'];
function portfolioTabOpens(products: readonly ProductSwitch[]): boolean {
  return products.some((p) => PORTFOLIO_OPENERS.includes(p.productId) && p.enabled);
}

/** Why the agreement cannot be saved yet, in words (an empty string when it can). */
export function agreementProblem(draft: { volume: string; contractStart: string }): string {
  const volume = draft.volume.trim();
  if (volume === '' && !draft.contractStart) return '';
  if (volume === '') return 'Enter the committed transactions per year.';
  if (!/^\d+$/.test(volume)) return 'Committed / year must be a whole number of transactions.';
  if (!draft.contractStart) return 'Choose the contract start date (the end date is optional).';
  return '';
}

interface Draft {
  enabled: boolean;
  startDate: string;
  endDate: string;
  volume: string;
  contractStart: string;
  contractEnd: string;
  billReruns: boolean;
}

function draftOf(p: ProductSwitch): Draft {
  return {
    enabled: p.enabled,
    startDate: p.startDate ?? '',
    endDate: p.endDate ?? '',
    volume: p.agreement ? String(p.agreement.committedAnnualVolume) : '',
    contractStart: p.agreement?.contractStart ?? '',
    contractEnd: p.agreement?.contractEnd ?? '',
    billReruns: p.agreement?.billReruns ?? false,
  };
}

function ProductRow({
  customerId,
  product,
  portfolioTabOpens,
}: {
  customerId: number;
  product: ProductSwitch;
  portfolioTabOpens: boolean;
}) {
  const update = useUpdateCustomerProduct(customerId);
  const { notify } = useNotifications();
  const initial = draftOf(product);
  const [draft, setDraft] = useState(initial);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const label = featureLabel(product.productId);
  const hasAgreement = draft.volume.trim() !== '' || draft.contractStart !== '';
  const problem = product.billable ? agreementProblem(draft) : '';
  const agreementIncomplete = problem !== '';
  // A wind, hail or storm portfolio feature does nothing while no Portfolio tab opens (SPEC §2).
  const noEffect =
    product.productId.endsWith('-portfolio') && !PORTFOLIO_OPENERS.includes(product.productId) && !portfolioTabOpens;
  const datesWrong = Boolean(draft.startDate && draft.endDate && draft.endDate <= draft.startDate);

  function save() {
    update.mutate(
      {
        productId: product.productId,
        enabled: draft.enabled,
        startDate: draft.startDate || null,
        endDate: draft.endDate || null,
        ...(product.billable && {
          agreement: hasAgreement
            ? {
                contractStart: draft.contractStart,
                contractEnd: draft.contractEnd || null,
                committedAnnualVolume: Number(draft.volume),
                billReruns: draft.billReruns,
              }
            : null,
        }),
      },
      {
        onSuccess: () => notify({ text: `${label} saved.`, variant: 'success' }),
        onError: (error) => notify({ text: error.message, variant: 'error' }),
      },
    );
  }

  const date = (key: 'startDate' | 'endDate' | 'contractStart' | 'contractEnd', text: string) => (
    <DateField
      size="small"
      value={draft[key]}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      slotProps={{ htmlInput: { 'aria-label': `${label} ${text}` } }}
      label={text}
      sx={{ width: 158 }}
      error={key === 'endDate' && datesWrong}
    />
  );

  return (
    <TableRow data-testid={`product-${product.productId}`}>
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
        <Typography variant="caption" color="text.secondary">
          {product.productId}
        </Typography>
        <div>
          {product.effective ? (
            <Chip size="small" color="success" label="On today" sx={{ mt: 0.5 }} />
          ) : product.enabled ? (
            <Chip size="small" label="Outside its dates" sx={{ mt: 0.5 }} />
          ) : null}
        </div>
        {noEffect && (
          <Typography variant="caption" color="warning.main" data-testid="switch-no-effect" sx={{ display: 'block' }}>
            No effect while Z-FIRE and Z-PROPERTY portfolio are off: the Portfolio tab opens only with one of them.
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Switch
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
          slotProps={{ input: { 'aria-label': `${label} on` } }}
        />
      </TableCell>
      <TableCell>{date('startDate', 'Start')}</TableCell>
      <TableCell>{date('endDate', 'End')}</TableCell>
      <TableCell>
        {product.billable ? (
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                size="small"
                label="Committed / year"
                value={draft.volume}
                onChange={(e) => setDraft({ ...draft, volume: e.target.value })}
                error={agreementIncomplete && !/^\d*$/.test(draft.volume.trim())}
                sx={{ width: 158 }}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `${label} committed annual volume` } }}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={draft.billReruns}
                    onChange={(e) => setDraft({ ...draft, billReruns: e.target.checked })}
                  />
                }
                label={<Typography variant="body2">Bill reruns</Typography>}
              />
            </Stack>
            <Stack direction="row" spacing={1}>
              {date('contractStart', 'Contract start')}
              {date('contractEnd', 'Contract end')}
            </Stack>
            {problem && (
              <Typography variant="caption" color="error" role="alert" data-testid="agreement-problem">
                {problem}
              </Typography>
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Not billed per use
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Button
          size="small"
          variant="contained"
          onClick={save}
          disabled={!dirty || update.isPending || agreementIncomplete || datesWrong}
          aria-label={`Save ${label}`}
        >
          Save
        </Button>
      </TableCell>
    </TableRow>
  );
}
