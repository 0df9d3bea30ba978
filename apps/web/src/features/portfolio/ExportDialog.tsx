import { downloadFileName, PORTFOLIO_EXPORT_EXTRA_COLUMNS } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session';
import { useNotifications } from '../../ui/notifications';
import { saveExportColumns } from './api/exportColumns';
import { fetchExportFile } from './api/exportFile';
import { portfolioKeys } from './api/keys';
import { fetchPortfolioMetadata } from './api/metadata';
import { updateExport } from './api/updateExport';
import { saveBlob } from '../../ui/saveBlob';
import { productName } from './model';
import { track } from '../../api/analytics';

/**
 * The export action: the user picks the columns of the file (their own columns, then the score
 * columns), saved for this product with PUT …/export so the next export keeps the choice; the
 * export is marked with PUT …/update_export (which regenerates a CSV on the server and moves
 * In Review results to Processed), then the file is downloaded; an XLSX is built on request.
 */
export interface ExportTarget {
  id: number;
  name: string;
  product: string;
}

const SCORE_COLUMN_LABELS: Record<(typeof PORTFOLIO_EXPORT_EXTRA_COLUMNS)[number], string> = {
  score: 'Score',
  risk_level: 'Risk level',
  confidence: 'Confidence',
  top_factors: 'Top factors',
  geocode_precision: 'Geocode precision',
  model_version: 'Model version',
  problem: 'Why a row could not be scored',
};

export function exportFileName(name: string, product: string, format: 'csv' | 'xlsx') {
  return downloadFileName(`${name} ${product}`, format);
}

export function ExportDialog({ target, onClose }: { target: ExportTarget | null; onClose(): void }) {
  return (
    <Dialog open={Boolean(target)} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="export-dialog-title">
      {target && <ExportForm key={`${target.id}-${target.product}`} target={target} onClose={onClose} />}
    </Dialog>
  );
}

function ExportForm({ target, onClose }: { target: ExportTarget; onClose(): void }) {
  const session = useSession();
  const org = session.activeOrganization?.id ?? null;
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const metadata = useQuery({
    queryKey: portfolioKeys.metadata(org, target.id),
    queryFn: ({ signal }) => fetchPortfolioMetadata(target.id, signal),
  });
  const saved = metadata.data?.products.find((p) => p.product === target.product)?.exportColumns ?? null;
  const ownColumns = metadata.data?.columns ?? [];
  const allColumns = [...ownColumns, ...PORTFOLIO_EXPORT_EXTRA_COLUMNS];
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  // Until the user changes something: the saved choice, else every column.
  const selection = picked ?? new Set(saved ?? allColumns);
  const ordered = allColumns.filter((c) => selection.has(c));

  const download = useMutation({
    mutationFn: async () => {
      const changed = saved === null ? ordered.length !== allColumns.length : ordered.join('\n') !== saved.join('\n');
      if (changed) await saveExportColumns(target.id, target.product, ordered);
      // The explicit export mark (the download itself changes nothing): accepts READY results as Processed.
      await updateExport(target.id, target.product, format);
      const blob = await fetchExportFile(target.id, target.product, format);
      saveBlob(blob, exportFileName(target.name, target.product, format));
    },
    onSuccess: () => {
      track('portfolio_exported', { portfolio_id: target.id, product: target.product, format });
      notify({ text: `${productName(target.product)} results of “${target.name}” exported.`, variant: 'success' });
      onClose();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all(org) }),
  });

  const toggle = (column: string, on: boolean) => {
    const next = new Set(selection);
    if (on) next.add(column);
    else next.delete(column);
    setPicked(next);
  };
  const setGroup = (columns: readonly string[], on: boolean) => {
    const next = new Set(selection);
    for (const c of columns) {
      if (on) next.add(c);
      else next.delete(c);
    }
    setPicked(next);
  };

  return (
    <>
      <DialogTitle id="export-dialog-title">
        Export {productName(target.product)} results of “{target.name}”
      </DialogTitle>
      <DialogContent dividers>
        {metadata.isPending ? (
          <Skeleton variant="rounded" height={220} data-testid="export-columns-loading" />
        ) : metadata.isError ? (
          <Alert severity="error">
            The columns of this portfolio could not be loaded. Close this window and try again.
          </Alert>
        ) : (
          <Stack spacing={3}>
            <ColumnGroup
              title="Your columns"
              hint="The columns of the file you uploaded, with their values unchanged."
              columns={ownColumns}
              label={(c) => c}
              selection={selection}
              onToggle={toggle}
              onAll={(on) => setGroup(ownColumns, on)}
            />
            <ColumnGroup
              title="Score columns"
              hint={`What ${productName(target.product)} found for each row.`}
              columns={PORTFOLIO_EXPORT_EXTRA_COLUMNS}
              label={(c) => SCORE_COLUMN_LABELS[c as keyof typeof SCORE_COLUMN_LABELS] ?? c}
              selection={selection}
              onToggle={toggle}
              onAll={(on) => setGroup(PORTFOLIO_EXPORT_EXTRA_COLUMNS, on)}
            />
            <Box>
              <Typography variant="subtitle2" sx={{ fontWeight: 700 }} id="export-format-label">
                File type
              </Typography>
              <RadioGroup
                row
                aria-labelledby="export-format-label"
                value={format}
                onChange={(_, value) => setFormat(value as 'csv' | 'xlsx')}
              >
                <FormControlLabel value="csv" control={<Radio size="small" />} label="CSV" />
                <FormControlLabel value="xlsx" control={<Radio size="small" />} label="Excel (XLSX)" />
              </RadioGroup>
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="export-marks-processed">
              Exporting marks results that are In Review as Processed.
            </Typography>
            {saved && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Your last choice of columns for this product is selected. It is saved again when you export.
              </Typography>
            )}
            {download.isError && (
              <Alert severity="error">
                {download.error instanceof Error ? download.error.message : 'The export failed.'}
              </Alert>
            )}
          </Stack>
        )}
        {download.isPending && <LinearProgress sx={{ mt: 2 }} aria-label="Preparing the export" />}
      </DialogContent>
      <DialogActions>
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', mr: 'auto', pl: 2 }}
          data-testid="export-column-count"
        >
          {ordered.length} of {allColumns.length} columns
        </Typography>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!ordered.length || metadata.isPending || metadata.isError || download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? 'Preparing…' : `Download ${format === 'csv' ? 'CSV' : 'XLSX'}`}
        </Button>
      </DialogActions>
    </>
  );
}

function ColumnGroup(props: {
  title: string;
  hint: string;
  columns: readonly string[];
  label(column: string): string;
  selection: Set<string>;
  onToggle(column: string, on: boolean): void;
  onAll(on: boolean): void;
}) {
  const chosen = props.columns.filter((c) => props.selection.has(c)).length;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
        <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {props.title}
        </Typography>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => props.onAll(chosen < props.columns.length)}
        >
          {chosen < props.columns.length ? 'Select all' : 'Clear all'}
        </Link>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {props.hint}
      </Typography>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', columnGap: 2 }}>
        {props.columns.map((column) => (
          <FormControlLabel
            key={column}
            control={
              <Checkbox
                size="small"
                checked={props.selection.has(column)}
                onChange={(_, on) => props.onToggle(column, on)}
              />
            }
            label={props.label(column)}
            sx={{
              minWidth: 0,
              '& .MuiFormControlLabel-label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            }}
          />
        ))}
      </FormGroup>
    </Box>
  );
}
