import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SPEC_SNACKBAR_KEYS, type Language } from '@attune/contract';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { deleteAccount } from '../../../lib/profile-api';
import { SettingsSection } from './settings-section';

/**
 * Delete account: a dialog that says what goes and asks the member to tick that they understand.
 * Then, whatever the server answers (spec §8), the success snackbar and the logout.
 */
export function DeleteAccountSection({ language }: { language: Language }) {
  const { t } = useTranslation('profile');
  const showSnackbar = useAppSnackbar();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [pending, setPending] = useState(false);
  const titleId = useId();
  const textId = useId();

  const close = () => {
    if (pending) return;
    setOpen(false);
    setUnderstood(false);
  };

  const handleDelete = async () => {
    if (!understood || pending) return;
    setPending(true);
    try {
      await deleteAccount();
    } catch {
      // Spec §8: errors are ignored; the member is logged out all the same.
    }
    showSnackbar({ message: t(SPEC_SNACKBAR_KEYS.accountDeleted) });
    await navigate({ to: '/$lang/logout', params: { lang: language }, replace: true });
  };

  return (
    <SettingsSection id="settings-delete" title={t('delete.title')} intro={t('delete.intro')}>
      <Button variant="outlined" color="error" size="large" onClick={() => setOpen(true)}>
        {t('delete.open')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        aria-describedby={textId}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={titleId} component="h2">
          {t('delete.dialogTitle')}
        </DialogTitle>
        <DialogContent>
          <div id={textId}>
            <Typography sx={{ mb: 1.5 }}>{t('delete.whatGoes')}</Typography>
            <Typography sx={{ mb: 1.5 }}>{t('delete.exportFirst')}</Typography>
          </div>
          <FormControlLabel
            control={
              <Checkbox
                checked={understood}
                onChange={(event) => setUnderstood(event.target.checked)}
              />
            }
            label={t('delete.understand')}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={close}>
            {t('delete.keep')}
          </Button>
          <Button
            variant="contained"
            color="error"
            disabled={!understood}
            aria-busy={pending}
            onClick={() => void handleDelete()}
          >
            {t('delete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsSection>
  );
}
