import type { AlertRuleDto, AlertRuleInput } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useNotifications } from '../../../ui/notifications';
import { useAlertPortfolios, useAlertRules, useRemoveAlertRule, useSaveAlertRule } from '../api/alerts';
import { CHANNEL_LABELS, KIND_LABELS, RuleDialog, causeLabel, productLabel } from './RuleDialog';

/** "Score crosses 70", "Moves by at least 15 points", "Risk level changes". */
function condition(rule: AlertRuleDto) {
  if (rule.kind === 'threshold') return `Score crosses ${rule.threshold}`;
  if (rule.kind === 'delta') return `Score moves by at least ${rule.minDelta} points`;
  return KIND_LABELS.level_change;
}

/** Alert rules of the portfolio chosen (`portfolioId`, 0 for none yet). */
export function AlertRulesPanel({
  portfolioId,
  onPortfolio,
}: {
  portfolioId: number;
  onPortfolio: (id: number) => void;
}) {
  const portfolios = useAlertPortfolios(true);
  const rules = useAlertRules(portfolioId, true);
  const save = useSaveAlertRule(portfolioId);
  const remove = useRemoveAlertRule(portfolioId);
  const { notify } = useNotifications();
  const [dialog, setDialog] = useState<{ editing: AlertRuleDto | null } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AlertRuleDto | null>(null);
  const known = portfolios.data?.some((p) => p.id === portfolioId) ?? false;

  const submit = (rule: Required<AlertRuleInput>) => {
    const editing = dialog?.editing ?? null;
    save.mutate(editing ? { id: editing.id, patch: rule } : { id: null, input: rule }, {
      onSuccess: () => {
        setDialog(null);
        notify({ text: editing ? 'Rule saved.' : 'Rule added.', variant: 'success' });
      },
      onError: (e) => setSaveError(e.message),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="rules-heading">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2" id="rules-heading">
            Alert rules
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Per portfolio: which changes of a monitored book raise an alert, and how it is delivered.
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <TextField
            select
            size="small"
            label="Portfolio"
            value={known ? portfolioId : ''}
            onChange={(e) => onPortfolio(Number(e.target.value))}
            sx={{ minWidth: 260 }}
          >
            {portfolios.data?.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={!(portfolioId > 0)}
            onClick={() => {
              setSaveError(null);
              setDialog({ editing: null });
            }}
          >
            Add rule
          </Button>
        </Stack>
      </Stack>
      {!(portfolioId > 0) ? (
        <Typography color="text.secondary">Choose a portfolio to see and add its alert rules.</Typography>
      ) : (
        <>
          {rules.isError && <Alert severity="error">Could not load the rules. {rules.error.message}</Alert>}
          <Table size="small" aria-label="Alert rules">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Alert when</TableCell>
                <TableCell>Product</TableCell>
                <TableCell>Cause</TableCell>
                <TableCell>Deliver by</TableCell>
                <TableCell>Enabled</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rules.isPending && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              )}
              {rules.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>No alert rules for this portfolio yet.</TableCell>
                </TableRow>
              )}
              {rules.data?.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{condition(r)}</TableCell>
                  <TableCell>{productLabel(r.product)}</TableCell>
                  <TableCell>{causeLabel(r.cause)}</TableCell>
                  <TableCell>
                    {r.channels.map((c) => CHANNEL_LABELS[c as keyof typeof CHANNEL_LABELS] ?? c).join(', ')}
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={r.enabled}
                      slotProps={{ input: { 'aria-label': `Enabled ${r.name}` } }}
                      onChange={(e) =>
                        save.mutate(
                          { id: r.id, patch: { enabled: e.target.checked } },
                          { onError: (err) => notify({ text: `Not changed. ${err.message}`, variant: 'error' }) },
                        )
                      }
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      aria-label={`Edit ${r.name}`}
                      onClick={() => {
                        setSaveError(null);
                        setDialog({ editing: r });
                      }}
                    >
                      Edit
                    </Button>
                    <Button size="small" color="error" aria-label={`Delete ${r.name}`} onClick={() => setRemoving(r)}>
                      Delete
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Button
            component={RouterLink}
            to={`/zportfolio/changes?portfolio=${portfolioId}`}
            size="small"
            sx={{ mt: 1 }}
          >
            See this portfolio’s changes and monitoring
          </Button>
        </>
      )}
      {dialog && (
        <RuleDialog
          editing={dialog.editing}
          error={saveError}
          pending={save.isPending}
          onSave={submit}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Delete alert rule"
        message={`“${removing?.name ?? ''}” raises no more alerts. Changes already recorded stay.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          const rule = removing!;
          setRemoving(null);
          remove.mutate(rule.id, {
            onSuccess: () => notify({ text: 'Rule deleted.', variant: 'success' }),
            onError: (err) => notify({ text: `Not deleted. ${err.message}`, variant: 'error' }),
          });
        }}
        onCancel={() => setRemoving(null)}
      />
    </Paper>
  );
}
