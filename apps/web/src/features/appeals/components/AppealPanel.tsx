import { APPEAL_STATUS_LABELS, formatLongDate, type AppealSubject } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AppealActions } from './appeal-panel/AppealActions';
import { AppealPanelHeader } from './appeal-panel/AppealPanelHeader';
import { EvidencePicker } from './appeal-panel/EvidencePicker';
import { errorMessage, useAppealPanel } from './appeal-panel/useAppealPanel';
import { FeatureEditor } from './FeatureEditor';
import { ScoreComparison } from './ScoreComparison';

export interface AppealPanelProps {
  subject: AppealSubject;
  address?: string | null;
  /** The feature the user came to correct, if known. */
  featureName?: string;
}

/**
 * The appeal of one product's score for one property: the model's features with their current
 * values, corrections, recalculation (old and new side by side), the draft, evidence, and
 * submit or publish as the caller's role allows (the server decides; `allowed` mirrors it).
 */
export function AppealPanel({ subject, address, featureName }: AppealPanelProps) {
  const panel = useAppealPanel(subject, featureName);
  const { details, form, notice, comparison, busy } = panel;
  if (details.isPending) return <Skeleton variant="rounded" height={320} data-testid="appeal-loading" />;
  if (details.isError) return <Alert severity="error">{errorMessage(details.error)}</Alert>;
  const { appeal, allowed, current } = details.data;
  const editable = allowed.saveDraft;

  return (
    <Stack spacing={2} data-testid="appeal-panel">
      <AppealPanelHeader product={subject.product} address={address} current={current} appeal={appeal} />
      {appeal && !editable && (
        <Alert severity="info">
          This appeal is {APPEAL_STATUS_LABELS[appeal.status].toLowerCase()} and can no longer be edited
          {allowed.publish ? '; as a reviewer you can publish it or reject it on its page' : ''}.
        </Alert>
      )}
      {appeal?.status === 'draft' && !panel.draftShown && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={panel.retrieve} disabled={busy}>
              Retrieve draft
            </Button>
          }
        >
          A draft saved on {formatLongDate(appeal.updatedAt)} by {appeal.createdBy?.name ?? 'a colleague'} is waiting.
        </Alert>
      )}
      <FeatureEditor
        features={panel.features}
        raw={form.raw}
        onChange={panel.onChange}
        disabled={!editable && !allowed.publish}
      />
      <TextField
        label="Reason"
        multiline
        minRows={2}
        value={form.reason}
        onChange={(event) => form.setReason(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
        placeholder="What is wrong and what proves it (e.g. roof replaced with metal in 2023, invoice attached)."
      />
      <EvidencePicker
        onAttach={panel.attach}
        disabled={busy || !(editable || allowed.publish)}
        attached={panel.attached}
        evidenceCount={appeal?.evidenceCount}
      />
      {notice && (
        <Alert severity={notice.severity} data-testid="appeal-notice">
          {notice.text}
        </Alert>
      )}
      <AppealActions panel={panel} allowed={allowed} appeal={appeal} />
      {comparison && (
        <Box ref={panel.comparisonRef} sx={{ scrollMarginTop: 16 }}>
          <Divider sx={{ mb: 2 }} />
          <ScoreComparison current={comparison.current} recalculated={comparison.recalculated} />
        </Box>
      )}
    </Stack>
  );
}
