import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface AvatarCropDialogProps {
  /** Object URL of the chosen picture. */
  src: string;
  onCancel: () => void;
  /** The chosen square, in the picture's own pixels. */
  onDone: (area: Area) => void;
}

/**
 * A square crop of the chosen picture. Drag or use the arrow keys to move it, the slider (or the
 * mouse wheel) to zoom. Loaded only when a member picks a picture.
 */
export default function AvatarCropDialog({ src, onCancel, onDone }: AvatarCropDialogProps) {
  const { t } = useTranslation('profile');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const titleId = useId();
  const helpId = useId();
  const zoomLabelId = useId();

  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} component="h2">
        {t('avatar.cropTitle')}
      </DialogTitle>
      <DialogContent>
        <Typography id={helpId} sx={{ mb: 2 }}>
          {t('avatar.cropHelp')}
        </Typography>
        <Box
          sx={{
            position: 'relative',
            width: '100%',
            height: { xs: 260, sm: 340 },
            bgcolor: '#333',
          }}
        >
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            mediaProps={{ alt: t('avatar.cropImageAlt') }}
            cropperProps={{
              role: 'group',
              'aria-label': t('avatar.cropArea'),
              'aria-describedby': helpId,
            }}
          />
        </Box>
        <Typography id={zoomLabelId} sx={{ mt: 2 }}>
          {t('avatar.zoom')}
        </Typography>
        <Slider
          value={zoom}
          min={1}
          max={3}
          step={0.1}
          onChange={(_, value) => setZoom(value as number)}
          aria-labelledby={zoomLabelId}
          getAriaValueText={(value) => t('avatar.zoomValue', { value: Math.round(value * 100) })}
          sx={{ maxWidth: '24rem' }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={onCancel}>
          {t('avatar.cancel')}
        </Button>
        <Button variant="contained" disabled={!area} onClick={() => area && onDone(area)}>
          {t('avatar.useCrop')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
