import {
  ALERT_CHANNELS,
  ALERT_KINDS,
  CHANGE_CAUSE_LABELS,
  CHANGE_CAUSES,
  PORTFOLIO_PRODUCTS,
  PRODUCT_DISPLAY_NAMES,
  type AlertRuleDto,
  type AlertRuleInput,
} from '@zview/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

type Kind = (typeof ALERT_KINDS)[number];
type Channel = (typeof ALERT_CHANNELS)[number];

export const KIND_LABELS: Record<Kind, string> = {
  level_change: 'Risk level changes',
  threshold: 'Score crosses a threshold',
  delta: 'Score moves by at least N points',
};
export const CHANNEL_LABELS: Record<Channel, string> = {
  in_app: 'In-app notification',
  email: 'Email digest',
  webhook: 'Webhook (score.changed)',
};

export const productLabel = (p: string | null) =>
  p === null ? 'All products' : (PRODUCT_DISPLAY_NAMES[p as keyof typeof PRODUCT_DISPLAY_NAMES] ?? p);
export const causeLabel = (c: string | null) =>
  c === null ? 'Any cause' : (CHANGE_CAUSE_LABELS[c as keyof typeof CHANGE_CAUSE_LABELS] ?? c);

/** Adds a rule to a portfolio or edits one: what counts as a change worth an alert, and where it goes. */
export function RuleDialog({
  editing,
  error,
  pending,
  onSave,
  onClose,
}: {
  editing: AlertRuleDto | null;
  error: string | null;
  pending: boolean;
  onSave: (rule: Required<AlertRuleInput>) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(editing?.name ?? '');
  const [kind, setKind] = useState<Kind>(editing?.kind ?? 'level_change');
  const [threshold, setThreshold] = useState(editing?.threshold?.toString() ?? '');
  const [minDelta, setMinDelta] = useState(editing?.minDelta?.toString() ?? '');
  const [product, setProduct] = useState(editing?.product ?? '');
  const [cause, setCause] = useState(editing?.cause ?? '');
  const [channels, setChannels] = useState<Channel[]>((editing?.channels ?? ['in_app']) as Channel[]);
  const number = (v: string) => (v.trim() === '' ? null : Number(v));
  const ready =
    name.trim() !== '' &&
    channels.length > 0 &&
    (kind !== 'threshold' || threshold !== '') &&
    (kind !== 'delta' || minDelta !== '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave({
      name: name.trim(),
      kind,
      threshold: kind === 'threshold' ? number(threshold) : null,
      minDelta: kind === 'delta' ? number(minDelta) : null,
      product: (product || null) as Required<AlertRuleInput>['product'],
      cause: (cause || null) as Required<AlertRuleInput>['cause'],
      channels,
    });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="rule-dialog-title">
      <form onSubmit={submit}>
        <DialogTitle id="rule-dialog-title">{editing ? 'Edit alert rule' : 'Add alert rule'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Rule name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField select label="Alert when" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              {ALERT_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {KIND_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
            {kind === 'threshold' && (
              <TextField
                label="Threshold (score 0–100)"
                type="number"
                required
                value={threshold}
                onChange={(e) => setThreshold(e.target.value)}
                helperText="Alerts when a score moves from one side of it to the other."
                slotProps={{ htmlInput: { min: 0, max: 100, step: 'any' } }}
              />
            )}
            {kind === 'delta' && (
              <TextField
                label="Minimum change (points)"
                type="number"
                required
                value={minDelta}
                onChange={(e) => setMinDelta(e.target.value)}
                slotProps={{ htmlInput: { min: 0.1, max: 100, step: 'any' } }}
              />
            )}
            <Stack direction="row" spacing={2}>
              <TextField select label="Product" value={product} onChange={(e) => setProduct(e.target.value)} fullWidth>
                <MenuItem value="">All products</MenuItem>
                {PORTFOLIO_PRODUCTS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {productLabel(p)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label="Cause" value={cause} onChange={(e) => setCause(e.target.value)} fullWidth>
                <MenuItem value="">Any cause</MenuItem>
                {CHANGE_CAUSES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {CHANGE_CAUSE_LABELS[c]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <div>
              <FormLabel component="legend">Deliver by</FormLabel>
              <FormGroup row>
                {ALERT_CHANNELS.map((c) => (
                  <FormControlLabel
                    key={c}
                    label={CHANNEL_LABELS[c]}
                    control={
                      <Checkbox
                        checked={channels.includes(c)}
                        onChange={(e) =>
                          setChannels((all) => (e.target.checked ? [...all, c] : all.filter((x) => x !== c)))
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText error={channels.length === 0 || error !== null}>
                {error ??
                  (channels.length === 0
                    ? 'Choose at least one channel.'
                    : 'Every member of the organisation receives in-app alerts and the email digest.')}
              </FormHelperText>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!ready || pending}>
            {editing ? 'Save' : 'Add rule'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
