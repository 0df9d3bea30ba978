import { MITIGATIONS, formatLongDate, type AppealSubject, type RecalculateResponse } from '@zview/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { track } from '../../../../api/analytics';
import { useDraftDetails } from '../../api/draftDetails';
import { usePublish } from '../../api/publish';
import { usePushAppeal } from '../../api/pushAppeal';
import { useRecalculate } from '../../api/recalculate';
import { useSaveDraft } from '../../api/saveDraft';
import { useTransition } from '../../api/transition';
import { evidenceProblem, useUploadEvidence } from '../../api/uploadEvidence';
import { formatScore, productLabel } from '../../model';
import { useAppealInputs } from './useAppealInputs';

export type PanelNotice = { severity: 'success' | 'error' | 'info'; text: string };

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

/** The appeal panel's state and actions: the draft details, the user's inputs, and each server call with its notice. */
export function useAppealPanel(subject: AppealSubject, featureName?: string) {
  const details = useDraftDetails(subject);
  const features = useMemo(() => details.data?.features ?? [], [details.data]);
  const form = useAppealInputs(features);
  const [comparison, setComparison] = useState<RecalculateResponse | null>(null);
  const [notice, setNotice] = useState<PanelNotice | null>(null);
  const [attached, setAttached] = useState<string[]>([]);
  const comparisonRef = useRef<HTMLDivElement>(null);
  /** The open draft is what is on screen (saved or retrieved here): no need to offer retrieving it. */
  const [draftShown, setDraftShown] = useState(false);
  useEffect(() => {
    if (comparison) comparisonRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [comparison]);
  const mutations = [
    useRecalculate(),
    useSaveDraft(),
    usePushAppeal(),
    usePublish(),
    useTransition(),
    useUploadEvidence(),
  ] as const;
  const [recalc, saveDraft, pushAppeal, publish, transition, upload] = mutations;
  const appeal = details.data?.appeal ?? null;
  const { inputs, changed, reason } = form;
  const events = { product: subject.product, property_id: subject.propertyId };

  // Only recorded mitigations (10 CCR 2644.9 list…) make a mitigation request: it carries a re-score-by deadline.
  const onlyMitigations = Object.keys(inputs).length > 0 && Object.keys(inputs).every((key) => key in MITIGATIONS);
  const body = () => ({
    ...subject,
    featureName: changed[0] ?? featureName,
    ...(onlyMitigations ? { kind: 'mitigation' as const } : {}),
    manualInputs: inputs,
    ...(reason.trim() ? { reason: reason.trim() } : {}),
  });
  const trackModified = () => track('features_modified', { ...events, features: changed });
  const run = (work: () => Promise<void>) => async () => {
    setNotice(null);
    try {
      await work();
    } catch (error) {
      setNotice({ severity: 'error', text: errorMessage(error) });
    }
  };
  const clearInputs = () => {
    form.setRaw({});
    setComparison(null);
  };

  return {
    details,
    features,
    form,
    comparison,
    comparisonRef,
    notice,
    attached,
    draftShown,
    busy: mutations.some((mutation) => mutation.isPending),
    onChange: (key: string, text: string) => {
      form.setRaw((previous) => ({ ...previous, [key]: text }));
      setComparison(null);
      track('feature_manipulated', { ...events, feature: key });
    },
    recalculate: run(async () => {
      trackModified();
      const answer = await recalc.mutateAsync(body());
      setComparison(answer);
      track('new_score_calculated', {
        ...events,
        old_score: answer.current.score,
        new_score: answer.recalculated.score,
      });
    }),
    save: run(async () => {
      trackModified();
      const { appeal: saved } = await saveDraft.mutateAsync(body());
      setDraftShown(true);
      track('draft_saved', { ...events, appeal_id: saved.id });
      setNotice({
        severity: 'success',
        text: `Draft saved. It expires on ${formatLongDate(saved.deadlineAt)} unless submitted.`,
      });
    }),
    retrieve: () => {
      if (!appeal) return;
      form.setRaw(Object.fromEntries(Object.entries(appeal.manualInputs).map(([key, value]) => [key, String(value)])));
      form.setReason(appeal.reason);
      setComparison(null);
      setDraftShown(true);
      track('draft_retrieved', { ...events, appeal_id: appeal.id });
      setNotice({ severity: 'info', text: `Draft of ${formatLongDate(appeal.updatedAt)} retrieved.` });
    },
    attach: (files: FileList | null) =>
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
      })(),
    submit: run(async () => {
      trackModified();
      const { appeal: submitted } = await pushAppeal.mutateAsync(body());
      setNotice({
        severity: 'success',
        text: `Appeal submitted for review (deadline ${formatLongDate(submitted.deadlineAt)}).`,
      });
    }),
    publish: run(async () => {
      trackModified();
      const { appeal: published, version } = await publish.mutateAsync(body());
      track('appeal_published', {
        ...events,
        appeal_id: published.id,
        version,
        old_score: published.scoreBefore,
        new_score: published.scoreAfter,
      });
      clearInputs();
      setNotice({
        severity: 'success',
        text: `Published: the ${productLabel(subject.product)} score is now ${formatScore(published.scoreAfter)} (version ${version}).`,
      });
    }),
    revert: run(async () => {
      if (!appeal) return;
      await transition.mutateAsync({ call: 'revert_draft', ref: { appealId: appeal.id } });
      clearInputs();
      form.setReason('');
      setNotice({ severity: 'info', text: 'Draft reverted.' });
    }),
  };
}

export type AppealPanelState = ReturnType<typeof useAppealPanel>;
