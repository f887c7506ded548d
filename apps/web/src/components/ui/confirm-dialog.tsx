import Button from '@mui/material/Button';
import { TextDialog } from './text-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  /** While the confirmed action works: its button is disabled. */
  pending?: boolean;
  onConfirm: () => void;
}

/**
 * "Delete this …?", "Leave the group?": a confirmation of something hard to undo, the safe button
 * first and the one that does it after it, disabled while it works.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  text,
  confirmLabel,
  cancelLabel,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <TextDialog
      open={open}
      onClose={onClose}
      title={title}
      description={text}
      actions={
        <>
          <Button variant="outlined" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant="contained" color="error" disabled={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
