import {
  APPEAL_STATUS_LABELS,
  MITIGATIONS,
  formatLongDate,
  type AppealSubject,
  type ManualInputs,
  type RecalculateResponse,
} from '@zview/contracts';
import AttachFile from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { track } from '../../../api/analytics';
import { useDraftDetails } from '../api/draftDetails';
import { usePublish } from '../api/publish';
import { usePushAppeal } from '../api/pushAppeal';
import { useRecalculate } from '../api/recalculate';
import { useSaveDraft } from '../api/saveDraft';
import { useTransition } from '../api/transition';
import { evidenceProblem, useUploadEvidence } from '../api/uploadEvidence';
import { formatScore, inputProblem, modifiedFeatures, parseControlValue, productLabel } from '../model';
import { FeatureEditor } from './FeatureEditor';
import { ScoreComparison } from './ScoreComparison';

export interface AppealPanelProps {
  subject: AppealSubject;
  address?: string | null;
  /** The feature the user came to correct, if known. */
  featureName?: string;
}

const message = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

/**
 * The appeal of one product's score for one property: the model's features with their current
 * values, corrections, recalculation (old and new side by side), the draft, evidence, and
 * submit or publish as the caller's role allows (the server decides; `allowed` mirrors it).
 */
export function AppealPanel({ subject, address, featureName }: AppealPanelProps) {
  const details = useDraftDetails(subject);
  const [raw, setRaw] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [comparison, setComparison] = useState<RecalculateResponse | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [attached, setAttached] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const comparisonRef = useRef<HTMLDivElement>(null);
  /** The open draft is what is on screen (saved or retrieved here): no need to offer retrieving it. */
  const [draftShown, setDraftShown] = useState(false);
  useEffect(() => {
    if (comparison) comparisonRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [comparison]);
  const recalc = useRecalculate();
  const saveDraft = useSaveDraft();
  const pushAppeal = usePushAppeal();
  const publish = usePublish();
  const transition = useTransition();
  const upload = useUploadEvidence();

  const features = useMemo(() => details.data?.features ?? [], [details.data]);
  const inputs = useMemo(() => {
    const out: ManualInputs = {};
    for (const feature of features) {
      const value = parseControlValue(feature, raw[feature.key] ?? '');
      if (value !== undefined && inputProblem(feature, value, raw[feature.key] ?? '') === null)
        out[feature.key] = value;
    }
    return out;
  }, [features, raw]);
  const changed = modifiedFeatures(features, inputs);
  const invalid = features.some(
    (f) => inputProblem(f, parseControlValue(f, raw[f.key] ?? ''), raw[f.key] ?? '') !== null,
  );

  if (details.isPending) return <Skeleton variant="rounded" height={320} data-testid="appeal-loading" />;
  if (details.isError) return <Alert severity="error">{message(details.error)}</Alert>;
  const { appeal, allowed, current } = details.data;
  const editable = allowed.saveDraft;
  const busy =
    recalc.isPending ||
    saveDraft.isPending ||
    pushAppeal.isPending ||
    publish.isPending ||
    transition.isPending ||
    upload.isPending;
  // Only recorded mitigations (10 CCR 2644.9 list…) make a mitigation request: it carries a re-score-by deadline.
  const onlyMitigations = Object.keys(inputs).length > 0 && Object.keys(inputs).every((key) => key in MITIGATIONS);
  const body = () => ({
    ...subject,
    featureName: changed[0] ?? featureName,
    ...(onlyMitigations ? { kind: 'mitigation' as const } : {}),
    manualInputs: inputs,
    ...(reason.trim() ? { reason: reason.trim() } : {}),
  });
  const trackModified = () =>
    track('features_modified', { product: subject.product, property_id: subject.propertyId, features: changed });

  const onChange = (key: string, text: string) => {
    setRaw((previous) => ({ ...previous, [key]: text }));
    setComparison(null);
    track('feature_manipulated', { product: subject.product, property_id: subject.propertyId, feature: key });
  };

  const run = async (work: () => Promise<void>) => {
    setNotice(null);
    try {
      await work();
    } catch (error) {
      setNotice({ severity: 'error', text: message(error) });
    }
  };

  const recalculate = () =>
    run(async () => {
      trackModified();
      const answer = await recalc.mutateAsync(body());
      setComparison(answer);
      track('new_score_calculated', {
        product: subject.product,
        property_id: subject.propertyId,
        old_score: answer.current.score,
        new_score: answer.recalculated.score,
      });
    });

  const save = () =>
    run(async () => {
      trackModified();
      const { appeal: saved } = await saveDraft.mutateAsync(body());
      setDraftShown(true);
      track('draft_saved', { product: subject.product, property_id: subject.propertyId, appeal_id: saved.id });
      setNotice({
        severity: 'success',
        text: `Draft saved. It expires on ${formatLongDate(saved.deadlineAt)} unless submitted.`,
      });
    });

  const retrieve = () => {
    if (!appeal) return;
    setRaw(Object.fromEntries(Object.entries(appeal.manualInputs).map(([key, value]) => [key, String(value)])));
    setReason(appeal.reason);
    setComparison(null);
    setDraftShown(true);
    track('draft_retrieved', { product: subject.product, property_id: subject.propertyId, appeal_id: appeal.id });
    setNotice({ severity: 'info', text: `Draft of ${formatLongDate(appeal.updatedAt)} retrieved.` });
  };

  const attach = (files: FileList | null) =>
    run(async () => {
      const list = [...(files ?? [])];
      const problem = list.map(evidenceProblem).find(Boolean);
      if (problem) throw new Error(problem);
      // Evidence belongs to an appeal: the draft is saved first when there is none yet.
      const appealId = appeal?.id ?? (await saveDraft.mutateAsync(body())).appeal.id;
      setDraftShown(true);
      for (const file of list) {
        const { evidence } = await upload.mutateAsync({ appealId, file });
        setAttached((previous) => [...previous, evidence.fileName]);
      }
    });

  const submit = () =>
    run(async () => {
      trackModified();
      const { appeal: submitted } = await pushAppeal.mutateAsync(body());
      setNotice({
        severity: 'success',
        text: `Appeal submitted for review (deadline ${formatLongDate(submitted.deadlineAt)}).`,
      });
    });

  const doPublish = () =>
    run(async () => {
      trackModified();
      const { appeal: published, version } = await publish.mutateAsync(body());
      track('appeal_published', {
        product: subject.product,
        property_id: subject.propertyId,
        appeal_id: published.id,
        version,
        old_score: published.scoreBefore,
        new_score: published.scoreAfter,
      });
      setComparison(null);
      setRaw({});
      setNotice({
        severity: 'success',
        text: `Published: the ${productLabel(subject.product)} score is now ${formatScore(published.scoreAfter)} (version ${version}).`,
      });
    });

  const revert = () =>
    run(async () => {
      if (!appeal) return;
      await transition.mutateAsync({ call: 'revert_draft', ref: { appealId: appeal.id } });
      setRaw({});
      setReason('');
      setComparison(null);
      setNotice({ severity: 'info', text: 'Draft reverted.' });
    });

  return (
    <Stack spacing={2} data-testid="appeal-panel">
      <Box>
        <Typography variant="h6" component="h2">
          Appeal the {productLabel(subject.product)} score
        </Typography>
        {address && (
          <Typography variant="body2" color="text.secondary">
            {address}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">
            Current score <b data-testid="appeal-current-score">{formatScore(current.score)}</b>
          </Typography>
          {current.amendedByAppeal && (
            <Chip
              size="small"
              color="info"
              label={`Amended by appeal on ${formatLongDate(current.amendedByAppeal.publishedAt)}`}
            />
          )}
          {appeal && (
            <Chip
              size="small"
              label={APPEAL_STATUS_LABELS[appeal.status]}
              data-testid="appeal-status"
              color={appeal.overdue ? 'error' : 'default'}
            />
          )}
          {appeal && (
            <Link component={RouterLink} to={`/appeals/${appeal.id}`} variant="body2">
              Open appeal #{appeal.id}
            </Link>
          )}
          <Link component={RouterLink} to="/appeals" variant="body2">
            All appeals
          </Link>
        </Stack>
      </Box>
      {appeal && !editable && (
        <Alert severity="info">
          This appeal is {APPEAL_STATUS_LABELS[appeal.status].toLowerCase()} and can no longer be edited
          {allowed.publish ? '; as a reviewer you can publish it or reject it on its page' : ''}.
        </Alert>
      )}
      {appeal?.status === 'draft' && !draftShown && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={retrieve} disabled={busy}>
              Retrieve draft
            </Button>
          }
        >
          A draft saved on {formatLongDate(appeal.updatedAt)} by {appeal.createdBy?.name ?? 'a colleague'} is waiting.
        </Alert>
      )}
      <FeatureEditor features={features} raw={raw} onChange={onChange} disabled={!editable && !allowed.publish} />
      <TextField
        label="Reason"
        multiline
        minRows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
        placeholder="What is wrong and what proves it (e.g. roof replaced with metal in 2023, invoice attached)."
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <input
          ref={fileInput}
          type="file"
          hidden
          multiple
          accept="image/jpeg,image/png,image/webp,application/pdf"
          data-testid="evidence-input"
          onChange={(event) => void attach(event.target.files).finally(() => (event.target.value = ''))}
        />
        <Button
          startIcon={<AttachFile />}
          onClick={() => fileInput.current?.click()}
          disabled={busy || !(editable || allowed.publish)}
        >
          Attach evidence
        </Button>
        <Typography variant="caption" color="text.secondary" data-testid="evidence-list">
          {attached.length
            ? attached.join(', ')
            : appeal?.evidenceCount
              ? `${appeal.evidenceCount} file(s) attached`
              : 'Photos or PDFs, up to 10 MB each.'}
        </Typography>
      </Stack>
      {notice && (
        <Alert severity={notice.severity} data-testid="appeal-notice">
          {notice.text}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" onClick={recalculate} disabled={busy || invalid || !changed.length}>
          Recalculate
        </Button>
        {editable && (
          <Button onClick={save} disabled={busy || invalid || !changed.length}>
            Save draft
          </Button>
        )}
        {allowed.revertDraft && appeal?.status === 'draft' && (
          <Button color="warning" onClick={revert} disabled={busy}>
            Revert draft
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {allowed.pushAppeal && (
          <Button
            variant={allowed.publish ? 'outlined' : 'contained'}
            onClick={submit}
            disabled={busy || invalid || !changed.length}
          >
            Submit appeal
          </Button>
        )}
        {allowed.publish && (
          <Button variant="contained" onClick={doPublish} disabled={busy || invalid || (!changed.length && !appeal)}>
            Publish new score
          </Button>
        )}
      </Stack>
      {comparison && (
        <Box ref={comparisonRef} sx={{ scrollMarginTop: 16 }}>
          <Divider sx={{ mb: 2 }} />
          <ScoreComparison current={comparison.current} recalculated={comparison.recalculated} />
        </Box>
      )}
    </Stack>
  );
}
