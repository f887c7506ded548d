import Button from '@mui/material/Button';
import { TextDialog } from '../../../components/ui/text-dialog';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

/** "Delete this …?": the safe button first, the deleting one after it, disabled while it works. */
export function ConfirmDeleteDialog({
  open,
  onClose,
  title,
  text,
  confirmLabel,
  cancelLabel,
  pending,
  onConfirm,
}: ConfirmDeleteDialogProps) {
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
