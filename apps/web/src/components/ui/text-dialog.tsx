import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

interface TextDialogProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's name, an h2 (the page keeps its h1). */
  title: ReactNode;
  /** What the dialog asks or explains: read out with the title when it opens. */
  description: ReactNode;
  /** What follows the description: a form, an error. */
  children?: ReactNode;
  /** The buttons, the safe one first. */
  actions: ReactNode;
  /** Called once the closing transition ended (reset a form out of sight). */
  onExited?: () => void;
}

/**
 * A modal dialog whose title names it and whose description is read with it, with the buttons
 * below wrapping on narrow screens: the one shape of our confirmations and small forms.
 */
export function TextDialog({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  onExited,
}: TextDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
      slotProps={onExited ? { transition: { onExited } } : undefined}
    >
      <DialogTitle id={`${id}-title`} component="h2">
        {title}
      </DialogTitle>
      <DialogContent>
        <div id={`${id}-text`}>{description}</div>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, gap: 1, flexWrap: 'wrap' }}>{actions}</DialogActions>
    </Dialog>
  );
}
