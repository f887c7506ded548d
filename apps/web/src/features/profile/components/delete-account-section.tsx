import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SPEC_SNACKBAR_KEYS, type Language } from '@attune/contract';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { deleteAccount } from '../../../lib/api/profile';
import { TextDialog } from '../../../components/ui/text-dialog';
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
      <TextDialog
        open={open}
        onClose={close}
        title={t('delete.dialogTitle')}
        description={
          <>
            <Typography sx={{ mb: 1.5 }}>{t('delete.whatGoes')}</Typography>
            <Typography sx={{ mb: 1.5 }}>{t('delete.exportFirst')}</Typography>
          </>
        }
        actions={
          <>
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
          </>
        }
      >
        <FormControlLabel
          control={
            <Checkbox
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
            />
          }
          label={t('delete.understand')}
        />
      </TextDialog>
    </SettingsSection>
  );
}
