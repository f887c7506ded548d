import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONNECTION_REQUESTS_FROM, type ConnectionRequestsFrom } from '@attune/contract';
import { RadioChoice } from '../../../components/forms/radio-choice';
import { FormAlert } from '../../../components/ui/form-alert';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { requestSettingsQueryOptions, updateRequestSettings } from '../../../lib/connections-api';
import { errorText } from '../../../lib/error-text';
import { SectionForm } from './section-form';
import { SettingsSection } from './settings-section';

/** Nothing here stores health data: the section form's consent step never opens. */
const NO_CONSENT = {
  consentOpen: false,
  acceptConsent: async () => {},
  cancelConsent: () => {},
} as const;

/**
 * Who may send the member connection requests (everyone, members who share a group, nobody),
 * saved with the section's own button like the rest of the page.
 */
export function ConnectionRequestsSection() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const settings = useQuery(requestSettingsQueryOptions());
  // What the member picked on this page; until then, what the server holds.
  const [picked, setPicked] = useState<ConnectionRequestsFrom | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const value = picked ?? settings.data?.requestsFrom ?? '';

  const handleSave = async () => {
    if (!value) return;
    setPending(true);
    setError(null);
    setSavedAt(null);
    try {
      const answer = await updateRequestSettings(value);
      queryClient.setQueryData(requestSettingsQueryOptions().queryKey, {
        requestsFrom: answer.requestsFrom,
      });
      setSavedAt(new Date());
      showSnackbar({ message: t('connectionRequests.saved') });
    } catch (caught) {
      setError(errorText(caught, t('connectionRequests.saveFailed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsSection
      id="settings-requests"
      title={t('connectionRequests.title')}
      intro={t('connectionRequests.intro')}
    >
      <FormAlert severity="error">
        {settings.isError ? t('connectionRequests.loadFailed') : null}
      </FormAlert>
      {settings.isPending ? <Typography>{t('settings.loading')}</Typography> : null}
      {settings.data ? (
        <SectionForm
          saveState={{ pending, error, savedAt, ...NO_CONSENT }}
          onSubmit={(event) => {
            event.preventDefault();
            void handleSave();
          }}
          submitDescription={t('connectionRequests.title')}
        >
          <RadioChoice
            id="connection-requests-from"
            legend={t('connectionRequests.label')}
            value={value}
            options={CONNECTION_REQUESTS_FROM.map((option) => ({
              value: option,
              label: t(`connectionRequests.options.${option}`),
              ...(option === 'shared_group'
                ? { hint: t('connectionRequests.sharedGroupHint') }
                : {}),
            }))}
            onChange={setPicked}
          />
        </SectionForm>
      ) : null}
    </SettingsSection>
  );
}
