import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TextDialog } from '../../../components/ui/text-dialog';

export interface HealthConsentDialogProps {
  open: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

/**
 * Explicit consent to storing hearing details (GDPR art. 9): the explanation, a checkbox the member
 * must tick themselves, and only then the button that saves.
 */
export function HealthConsentDialog({ open, onAccept, onCancel }: HealthConsentDialogProps) {
  const { t } = useTranslation('profile');
  const [agreed, setAgreed] = useState(false);
  const close = () => {
    setAgreed(false);
    onCancel();
  };
  return (
    <TextDialog
      open={open}
      onClose={close}
      title={t('consent.title')}
      description={
        <>
          <Typography sx={{ mb: 1.5 }}>{t('consent.text')}</Typography>
          <Typography sx={{ mb: 1.5 }}>{t('consent.visibility')}</Typography>
          <Typography sx={{ mb: 2 }}>{t('consent.withdraw')}</Typography>
        </>
      }
      actions={
        <>
          <Button onClick={close} variant="outlined">
            {t('consent.cancel')}
          </Button>
          <Button
            onClick={() => {
              setAgreed(false);
              onAccept();
            }}
            variant="contained"
            disabled={!agreed}
          >
            {t('consent.accept')}
          </Button>
        </>
      }
    >
      <FormControlLabel
        control={
          <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        }
        label={t('consent.checkbox')}
      />
    </TextDialog>
  );
}
