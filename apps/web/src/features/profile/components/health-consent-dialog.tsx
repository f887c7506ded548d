import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

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
  const titleId = useId();
  const textId = useId();
  const close = () => {
    setAgreed(false);
    onCancel();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId} component="h2">
        {t('consent.title')}
      </DialogTitle>
      <DialogContent>
        <div id={textId}>
          <Typography sx={{ mb: 1.5 }}>{t('consent.text')}</Typography>
          <Typography sx={{ mb: 1.5 }}>{t('consent.visibility')}</Typography>
          <Typography sx={{ mb: 2 }}>{t('consent.withdraw')}</Typography>
        </div>
        <FormControlLabel
          control={
            <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
          }
          label={t('consent.checkbox')}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, gap: 1, flexWrap: 'wrap' }}>
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
      </DialogActions>
    </Dialog>
  );
}
