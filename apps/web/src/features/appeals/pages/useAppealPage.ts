import { useState } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../../session/session';
import { useAppeal } from '../api/appealDetail';
import { downloadAuditTrail, openEvidence } from '../api/downloads';
import { useTransition, type AppealTransitionCall } from '../api/transition';

/** The appeal page's state: the appeal, the note for the audit trail, the transitions and downloads. */
export function useAppealPage() {
  const id = Number(useParams().id);
  const appeal = useAppeal(id);
  const transition = useTransition();
  const { permissions } = useSession();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const showError = (e: Error) => setError(e.message);
  const act = (appealId: number, call: AppealTransitionCall) => {
    setError(null);
    transition.mutate(
      { call, ref: { appealId, ...(note.trim() ? { note: note.trim() } : {}) } },
      { onSuccess: () => setNote(''), onError: showError },
    );
  };
  return {
    id,
    validId: Number.isInteger(id) && id >= 1,
    appeal,
    note,
    setNote,
    error,
    act,
    busy: transition.isPending,
    // The server's `appeal:review` for the organisation acted for (the audit CSV route's own policy).
    reviewer: permissions.abilities.appealReview,
    downloadPropertyAudit: (propertyId: string) => void downloadAuditTrail(propertyId).catch(showError),
    openEvidence: (file: { url: string; fileName: string }) => void openEvidence(file).catch(showError),
  };
}
