import type { FileStatus } from '@zview/contracts';
import MoreVert from '@mui/icons-material/MoreVert';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useNotifications } from '../../ui/notifications';
import { deleteProduct } from './api/deleteProduct';
import { portfolioKeys } from './api/keys';
import { renamePortfolio } from './api/rename';
import { rerunProduct } from './api/rerun';
import { setProductStatus } from './api/setStatus';
import { ExportDialog, type ExportTarget } from './ExportDialog';
import { productName } from './model';

/** Everything a user can do with one product of a portfolio; destructive moves ask first. */
export type ProductAction = 'export' | 'rerun' | 'processed' | 'archive' | 'restore' | 'delete';

/** Which actions a status allows (the server's transition table: apps/server/src/domain/portfolio/status.ts). */
export function actionsFor(status: FileStatus): ProductAction[] {
  switch (status) {
    case 'READY':
      return ['export', 'processed', 'rerun', 'archive', 'delete'];
    case 'PROCESSED':
      return ['export', 'rerun', 'archive', 'delete'];
    case 'UPLOADED':
      return ['archive', 'delete'];
    case 'ARCHIVED':
      return ['restore', 'delete'];
    default:
      return ['delete'];
  }
}

const LABELS: Record<ProductAction, string> = {
  export: 'Export…',
  rerun: 'Rerun scoring',
  processed: 'Mark as processed',
  archive: 'Archive',
  restore: 'Restore',
  delete: 'Delete product',
};

export function useProductActions() {
  const session = useSession();
  const org = session.activeOrganization?.id ?? null;
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { notify } = useNotifications();
  const [exportTarget, setExportTarget] = useState<ExportTarget | null>(null);

  const mutation = useMutation({
    mutationFn: async ({
      id,
      name,
      product,
      action,
    }: {
      id: number;
      name: string;
      product: string;
      action: ProductAction;
    }) => {
      switch (action) {
        case 'export':
          // The export dialog does the work (see run()).
          return `${productName(product)} results of “${name}”.`;
        case 'rerun':
          await rerunProduct(id, product);
          return `${productName(product)} scoring of “${name}” restarted.`;
        case 'processed':
          await setProductStatus(id, product, 'PROCESSED');
          return `${productName(product)} of “${name}” marked as processed.`;
        case 'archive':
          await setProductStatus(id, product, 'ARCHIVED');
          return `${productName(product)} of “${name}” archived.`;
        case 'restore':
          await setProductStatus(id, product, 'PROCESSED');
          return `${productName(product)} of “${name}” restored.`;
        case 'delete':
          await deleteProduct(id, product);
          return `${productName(product)} removed from “${name}”.`;
      }
    },
    onSuccess: (text) => notify({ text, variant: 'success' }),
    onError: (error) =>
      notify({ text: error instanceof Error ? error.message : 'The action failed.', variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all(org) }),
  });

  const run = async (target: { id: number; name: string; product: string }, action: ProductAction) => {
    const product = productName(target.product);
    const questions: Partial<Record<ProductAction, Parameters<typeof confirm>[0]>> = {
      rerun: {
        title: `Rerun ${product} scoring?`,
        message: `Every property of “${target.name}” is scored again with the current model and data. The new run counts toward your usage.`,
        confirmLabel: 'Rerun',
      },
      archive: {
        title: `Archive ${product} results?`,
        message: `“${target.name}” (${product}) will be hidden from the portfolio list. You can still find it by filtering for archived files.`,
        confirmLabel: 'Archive',
        destructive: true,
      },
      delete: {
        title: `Delete ${product} results?`,
        message: `The ${product} results of “${target.name}” are deleted for good. This cannot be undone.`,
        confirmLabel: 'Delete',
        destructive: true,
      },
    };
    if (action === 'export') {
      setExportTarget(target);
      return;
    }
    const question = questions[action];
    if (question && !(await confirm(question))) return;
    mutation.mutate({ ...target, action });
  };

  const rename = async (target: { id: number; name: string }) => {
    let next = '';
    const ok = await confirm({
      title: 'Rename portfolio',
      confirmLabel: 'Rename',
      input: { label: 'Portfolio name', required: true, defaultValue: target.name },
      onValue: (value) => (next = value),
    });
    if (!ok || !next || next === target.name) return;
    try {
      await renamePortfolio(target.id, next);
      notify({ text: `Renamed to “${next}”.`, variant: 'success' });
    } catch (error) {
      notify({
        text: error instanceof Error ? error.message : 'The portfolio could not be renamed.',
        variant: 'error',
      });
    } finally {
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.all(org) });
    }
  };

  /** Render it once on the page: the column chooser opened by the Export action. */
  const exportDialog = <ExportDialog target={exportTarget} onClose={() => setExportTarget(null)} />;
  return { run, rename, exportDialog, pending: mutation.isPending };
}

/** The per-product action menu of the list. */
export function ProductActionsMenu({
  id,
  name,
  product,
  status,
  onAction,
}: {
  id: number;
  name: string;
  product: string;
  status: FileStatus;
  onAction: (target: { id: number; name: string; product: string }, action: ProductAction) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = actionsFor(status);
  const destructiveStart = actions.findIndex((a) => a === 'archive' || a === 'delete');
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${productName(product)} of ${name}`}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {actions.flatMap((action, index) => [
          ...(index === destructiveStart && index > 0 ? [<Divider key={`d-${action}`} />] : []),
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction({ id, name, product }, action);
            }}
            sx={action === 'delete' ? { color: 'error.main' } : undefined}
          >
            <ListItemText>{LABELS[action]}</ListItemText>
          </MenuItem>,
        ])}
      </Menu>
    </>
  );
}
