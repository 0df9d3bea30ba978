import { useMemo, useState, type ChangeEvent } from 'react';
import { useNotifications } from '../../ui/notifications';
import { useCreateMembersInTurn, type CreateOutcome } from './api/createMembers';
import { useTeamMembers } from './api/members';
import { bulkAddPreview, bulkAddSummary, members } from './labels';
import { parseMemberRows, type MemberRow } from './memberRows';

function readAsText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

type ReadyRow = MemberRow & { request: NonNullable<MemberRow['request']> };

/** The bulk-add page's state: the text (typed or read from a file), its rows checked, and each line's outcome. */
export function useAddMultipleMembersPage() {
  const team = useTeamMembers();
  const createInTurn = useCreateMembersInTurn();
  const { notify } = useNotifications();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Map<number, CreateOutcome> | null>(null);
  const [running, setRunning] = useState(false);

  // Rows are checked against the team as it was before this page added anyone: once members are
  // added, the refreshed list holds them, and they must still read "Added", not "Already a member".
  const [teamBefore, setTeamBefore] = useState<string[] | null>(null);
  const current = useMemo(() => (team.data ?? []).map((member) => member.email), [team.data]);
  const existing = teamBefore ?? current;
  const rows = useMemo(() => parseMemberRows(text, existing), [text, existing]);
  const ready = rows.filter((row): row is ReadyRow => row.request !== undefined);
  const invalid = rows.length - ready.length;

  function edit(next: string) {
    setText(next);
    setOutcomes(null);
    setTeamBefore(null);
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileName(file.name);
    try {
      edit(await readAsText(file));
    } catch (error) {
      notify({
        text: `${file.name} could not be read. ${error instanceof Error ? error.message : ''}`.trim(),
        variant: 'error',
      });
    }
  }

  async function submit() {
    setTeamBefore(current);
    setRunning(true);
    const results = await createInTurn(ready, setOutcomes);
    setRunning(false);
    const added = [...results.values()].filter((outcome) => outcome.ok).length;
    notify({ text: `${members(added)} added.`, variant: added === results.size ? 'success' : 'warning' });
  }

  const added = outcomes ? [...outcomes.values()].filter((outcome) => outcome.ok).length : 0;
  const failed = outcomes ? outcomes.size - added : 0;
  return {
    text,
    fileName,
    rows,
    outcomes,
    running,
    readyCount: ready.length,
    teamPending: team.isPending,
    finished: outcomes !== null && !running,
    failed,
    preview: bulkAddPreview(ready.length, invalid),
    summary: bulkAddSummary(added, failed, invalid),
    edit,
    readFile,
    submit,
  };
}
