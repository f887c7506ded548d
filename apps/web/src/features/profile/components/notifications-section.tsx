import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_PREFERENCE_KEYS,
  SPEC_SNACKBAR_KEYS,
  type NotificationPreferenceKey,
} from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import {
  notificationPreferencesQueryOptions,
  updateNotificationPreference,
} from '../../../lib/api/profile';
import { SettingsSection } from './settings-section';

export interface NotificationsSectionProps {
  /** Id of the section's heading; the settings page's by default. */
  id?: string;
  /** Only these settings (the community settings show the weekly digest); all by default. */
  only?: readonly NotificationPreferenceKey[];
  title?: string;
  intro?: string;
}

/** E-mail notifications: one switch per setting, each saved the moment it changes (spec §7). */
export function NotificationsSection({
  id = 'settings-notifications',
  only,
  title,
  intro,
}: NotificationsSectionProps = {}) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const preferences = useQuery(notificationPreferencesQueryOptions());
  const [busy, setBusy] = useState<NotificationPreferenceKey | null>(null);

  const handleChange = async (key: NotificationPreferenceKey, value: boolean) => {
    if (busy) return;
    const queryKey = notificationPreferencesQueryOptions().queryKey;
    const before = queryClient.getQueryData(queryKey);
    // The switch moves at once; it moves back if the server does not take the change.
    if (before) queryClient.setQueryData(queryKey, { ...before, [key]: value });
    setBusy(key);
    try {
      const answer = await updateNotificationPreference(key, value);
      queryClient.setQueryData(queryKey, answer.preferences);
      showSnackbar({ message: t(SPEC_SNACKBAR_KEYS.notificationSettingUpdated) });
    } catch {
      if (before) queryClient.setQueryData(queryKey, before);
      showSnackbar({ message: t('errors.preferenceUpdate'), color: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const keys = Object.keys(preferences.data ?? {}).filter(
    (key): key is NotificationPreferenceKey =>
      (NOTIFICATION_PREFERENCE_KEYS as readonly string[]).includes(key) &&
      (!only || only.includes(key as NotificationPreferenceKey)),
  );

  return (
    <SettingsSection
      id={id}
      title={title ?? t('notifications.title')}
      intro={intro ?? t('notifications.intro')}
    >
      <FormAlert severity="error">
        {preferences.isError ? t('errors.preferencesFetch') : null}
      </FormAlert>
      <FormGroup>
        {keys.map((key) => (
          <FormControlLabel
            key={key}
            sx={{ minHeight: 44 }}
            control={
              <Switch
                checked={preferences.data?.[key] ?? false}
                onChange={(event) => void handleChange(key, event.target.checked)}
                slotProps={{ input: { 'aria-busy': busy === key } as object }}
              />
            }
            label={t(`notifications.keys.${key}`)}
          />
        ))}
      </FormGroup>
    </SettingsSection>
  );
}
