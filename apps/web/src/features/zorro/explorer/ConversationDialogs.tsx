import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { Explorer } from './useExplorer';

/** Rename and delete confirmations for a conversation of the sidebar. */
export function ConversationDialogs({ explorer }: { explorer: Explorer }) {
  const { renaming, deleting, setRenaming, setDeleting, confirmRename, confirmDelete } = explorer;
  return (
    <>
      <ConfirmDialog
        open={renaming !== null}
        title="Rename conversation"
        confirmLabel="Rename"
        input={{ label: 'Name', required: true, defaultValue: renaming?.title }}
        onCancel={() => setRenaming(null)}
        onConfirm={confirmRename}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete conversation"
        message={`Delete “${deleting?.title ?? ''}” and its answers?`}
        confirmLabel="Delete"
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
