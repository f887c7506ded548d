import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { blockMember } from '../../lib/api/connections';
import { TextDialog } from '../ui/text-dialog';
import { errorText } from '../../lib/error-text';

export interface BlockMemberDialogProps {
  open: boolean;
  /** The member to block (database id) and their name as shown. */
  memberId: number;
  name: string;
  /** The member kept things as they are (Cancel, Escape). */
  onClose: () => void;
  /** The server took the block; the caller moves on (the member's profile is gone now). */
  onBlocked: () => void | Promise<void>;
}

/**
 * Asks before blocking a member and says what a block does, then sends it. A refusal stays in the
 * dialog, in words (role=alert), and the confirm button points at it. The dialog itself has the focus first (its title and text
 * are read), Cancel comes before Block, so a stray Enter blocks nobody.
 */
export function BlockMemberDialog({
  open,
  memberId,
  name,
  onClose,
  onBlocked,
}: BlockMemberDialogProps) {
  const { t } = useTranslation('connections');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const handleClose = () => {
    if (pending) return;
    setError(null);
    onClose();
  };

  const handleBlock = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await blockMember(memberId);
    } catch (caught) {
      setError(errorText(caught, t('safety.blockFailed', { name })));
      setPending(false);
      return;
    }
    try {
      await onBlocked();
    } finally {
      setPending(false);
    }
  };

  return (
    <TextDialog
      open={open}
      onClose={handleClose}
      title={t('safety.blockDialog.title', { name })}
      description={
        <>
          <Typography sx={{ mb: 1 }}>{t('safety.blockDialog.intro', { name })}</Typography>
          <Box component="ul" sx={{ mt: 0, mb: 1.5, pl: 3, '& li': { mb: 0.75 } }}>
            <li>{t('safety.blockDialog.find', { name })}</li>
            <li>{t('safety.blockDialog.contact', { name })}</li>
            <li>{t('safety.blockDialog.connection')}</li>
            <li>{t('safety.blockDialog.notTold', { name })}</li>
          </Box>
          <Typography>{t('safety.blockDialog.undo', { name })}</Typography>
        </>
      }
      actions={
        <>
          <Button variant="outlined" onClick={handleClose}>
            {t('safety.blockDialog.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            // aria-disabled, not disabled: the button keeps the focus while the block is sent.
            aria-disabled={pending}
            aria-busy={pending}
            aria-describedby={error ? errorId : undefined}
            onClick={() => void handleBlock()}
          >
            {pending ? t('safety.blockDialog.pending') : t('safety.blockDialog.confirm', { name })}
          </Button>
        </>
      }
    >
      {error ? (
        <Typography id={errorId} role="alert" sx={{ mt: 2, color: 'error.main', fontWeight: 600 }}>
          {error}
        </Typography>
      ) : null}
    </TextDialog>
  );
}
