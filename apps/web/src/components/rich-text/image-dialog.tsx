import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../ui/form-alert';
import { TextDialog } from '../ui/text-dialog';
import { errorText } from '../../lib/error-text';
import { uploadPostImage } from '../../lib/api/posts';

export interface ImageDialogProps {
  open: boolean;
  onClose: () => void;
  /** The uploaded image's address and description, to put in the text. */
  onInsert: (image: { src: string; alt: string }) => void;
}

/**
 * "Add an image": a file and its description (required: members who cannot see the image hear
 * it), uploaded through the media endpoint, which re-encodes it.
 */
export function ImageDialog({ open, onClose, onInsert }: ImageDialogProps) {
  const { t } = useTranslation('posts');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setFile(null);
    setAlt('');
    setProblem(null);
  };
  const insert = async () => {
    if (!file) return setProblem(t('composer.image.noFile'));
    if (!alt.trim()) return setProblem(t('composer.image.noAlt'));
    setBusy(true);
    try {
      const src = await uploadPostImage(file, file.name);
      onInsert({ src, alt: alt.trim() });
      onClose();
    } catch (error) {
      setProblem(errorText(error, t('composer.image.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <TextDialog
      open={open}
      onClose={onClose}
      onExited={reset}
      title={t('composer.image.title')}
      description={t('composer.image.text')}
      actions={
        <>
          <Button variant="outlined" onClick={onClose}>
            {t('composer.image.cancel')}
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => void insert()}>
            {busy ? t('composer.image.uploading') : t('composer.image.insert')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
        <Box>
          <Typography
            component="label"
            htmlFor={`${id}-file`}
            sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}
          >
            {t('composer.image.file')}
          </Typography>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Box>
        <TextField
          label={t('composer.image.alt')}
          helperText={t('composer.image.altHelp')}
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        <FormAlert severity="error">{problem}</FormAlert>
      </Box>
    </TextDialog>
  );
}
