import { LAYOUT } from '@zview/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { registerModal, useModals, type ModalControlProps } from './modals';

export interface ConfirmInputOptions {
  label: string;
  required?: boolean;
  defaultValue?: string;
  placeholder?: string;
  multiline?: boolean;
}

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive. */
  destructive?: boolean;
  /** An optional text input; with `required`, confirm stays disabled while the trimmed text is empty. */
  input?: ConfirmInputOptions;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** Called with the input's value (trimmed) when there is an input. */
  onConfirm: (value?: string) => void;
  onCancel: () => void;
}

/** The confirmation dialog (SPEC §2): 590px wide, default labels Confirm and Cancel. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  input,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [value, setValue] = useState(input?.defaultValue ?? '');
  const titleId = useId();
  const blocked = Boolean(input?.required) && value.trim() === '';

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      slotProps={{
        paper: {
          sx: { width: LAYOUT.confirmDialogWidthPx, maxWidth: 'calc(100vw - 32px)' },
          'data-testid': 'confirm-dialog',
        } as object,
      }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 600 }}>
        {title}
      </DialogTitle>
      {(message || input) && (
        <DialogContent>
          {message && <DialogContentText component="div">{message}</DialogContentText>}
          {input && (
            <TextField
              autoFocus
              fullWidth
              margin="normal"
              label={input.label}
              required={input.required}
              placeholder={input.placeholder}
              multiline={input.multiline}
              minRows={input.multiline ? 3 : undefined}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} color="inherit">
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={blocked}
          onClick={() => onConfirm(input ? value.trim() : undefined)}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export const CONFIRM_MODAL_ID = 'confirm-dialog';

interface RegisteredConfirmProps extends ConfirmOptions, ModalControlProps {
  resolve: (confirmed: boolean, value?: string) => void;
}

function RegisteredConfirmDialog({ resolve, onClose, ...options }: RegisteredConfirmProps) {
  return (
    <ConfirmDialog
      {...options}
      onConfirm={(value) => {
        resolve(true, value);
        onClose();
      }}
      onCancel={() => {
        resolve(false);
        onClose();
      }}
    />
  );
}
registerModal(CONFIRM_MODAL_ID, RegisteredConfirmDialog);

/**
 * `const confirm = useConfirm(); if (await confirm({ title })) …` resolves true on confirm and
 * false on cancel or close. With an input, `onValue` receives the trimmed text on confirm.
 */
export function useConfirm() {
  const modals = useModals();
  return useCallback(
    (options: ConfirmOptions & { onValue?: (value: string) => void }) =>
      new Promise<boolean>((resolvePromise) => {
        const { onValue, ...dialog } = options;
        modals.show<Omit<RegisteredConfirmProps, keyof ModalControlProps>>(CONFIRM_MODAL_ID, {
          ...dialog,
          resolve: (confirmed, value) => {
            if (confirmed && value !== undefined) onValue?.(value);
            resolvePromise(confirmed);
          },
        });
      }),
    [modals],
  );
}
