import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { uploadAvatar } from '../../../lib/api/profile';
import { refreshProfileData } from '../../../lib/api/profile/refresh-profile-data';
import { AVATAR_ACCEPT, avatarFileName, checkAvatarPicture } from '../lib/avatar-file';
import { cropToBlob, type CropArea } from '../lib/crop-image';
import type { SectionProps } from './section-props';
import { SettingsSection } from './settings-section';

// The cropper library is only needed once a member picks a picture.
const AvatarCropDialog = lazy(() => import('./avatar-crop-dialog'));

interface Picture {
  blob: Blob;
  url: string;
}

/**
 * A picture held with its object URL. The URL is made when the picture is set and released when
 * it is replaced or the section goes away, so previews never leak memory.
 */
function usePicture(): [Picture | null, (blob: Blob | null) => void] {
  const [picture, setPicture] = useState<Picture | null>(null);
  const current = useRef<Picture | null>(null);
  const replace = useCallback((blob: Blob | null) => {
    if (current.current) URL.revokeObjectURL(current.current.url);
    current.current = blob ? { blob, url: URL.createObjectURL(blob) } : null;
    setPicture(current.current);
  }, []);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current.url);
    },
    [],
  );
  return [picture, replace];
}

/** Profile picture: choose (JPEG, PNG, WebP up to 8 MB), crop square, look at it, upload. */
export function AvatarSection({ me }: Pick<SectionProps, 'me'>) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [source, setSource] = usePicture();
  const [cropped, setCropped] = usePicture();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const name = me.nickname || me.username;

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Opens the file as a picture before the crop dialog: a non-picture gets a message here.
    const problem = await checkAvatarPicture(file);
    if (problem) {
      setError(t(`avatar.problems.${problem}`));
      return;
    }
    setError(null);
    setCropped(null);
    setSource(file);
  };

  const handleCropped = async (area: CropArea) => {
    if (!source) return;
    try {
      setCropped(await cropToBlob(source.url, area, source.blob.type));
      setSource(null);
    } catch {
      setSource(null);
      setError(t('avatar.problems.unreadable'));
    }
  };

  const handleUpload = async () => {
    if (!cropped || pending) return;
    setPending(true);
    setError(null);
    try {
      await uploadAvatar(me.databaseId, cropped.blob, avatarFileName(cropped.blob.type));
      await refreshProfileData(queryClient);
      // The save button goes away with the preview: the focus moves to the button that stays,
      // instead of falling to the page.
      chooseButton.current?.focus();
      setCropped(null);
      showSnackbar({ message: t('avatar.saved') });
    } catch {
      setError(t('errors.avatarUpload'));
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsSection id="settings-avatar" title={t('avatar.title')} intro={t('avatar.intro')}>
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ textAlign: 'center' }}>
          <Avatar
            src={me.avatar.url ?? undefined}
            alt={t('avatar.currentAlt', { name })}
            sx={{ width: 112, height: 112, fontSize: '2.5rem' }}
            data-testid="current-avatar"
          >
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('avatar.current')}
          </Typography>
        </Box>
        {cropped ? (
          <Box sx={{ textAlign: 'center' }}>
            <Avatar
              src={cropped.url}
              alt={t('avatar.previewAlt')}
              sx={{ width: 112, height: 112 }}
            />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('avatar.preview')}
            </Typography>
          </Box>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('avatar.rules')}
      </Typography>
      <FormAlert severity="error">{error}</FormAlert>
      <input
        ref={input}
        type="file"
        accept={AVATAR_ACCEPT}
        onChange={(event) => void handleFile(event)}
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="avatar-file"
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button
          ref={chooseButton}
          variant="outlined"
          size="large"
          onClick={() => input.current?.click()}
        >
          {cropped ? t('avatar.chooseAnother') : t('avatar.choose')}
        </Button>
        {cropped ? (
          <Button
            variant="contained"
            size="large"
            aria-busy={pending}
            onClick={() => void handleUpload()}
          >
            {pending ? t('settings.saving') : t('avatar.upload')}
          </Button>
        ) : null}
      </Box>
      {source ? (
        <Suspense fallback={null}>
          <AvatarCropDialog
            src={source.url}
            onCancel={() => setSource(null)}
            onDone={(area) => void handleCropped(area)}
          />
        </Suspense>
      ) : null}
    </SettingsSection>
  );
}
