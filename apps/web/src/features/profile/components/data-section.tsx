import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { downloadMyData } from '../../../lib/api/profile';
import { errorText } from '../../../lib/error-text';
import { EXPORT_FILE_NAME, saveBlob } from '../lib/save-file';
import { SettingsSection } from './settings-section';

/** Your data: everything we hold about the member as one JSON file (GDPR art. 15 and 20). */
export function DataSection() {
  const { t } = useTranslation('profile');
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  const handleDownload = async () => {
    if (pending) return;
    setPending(true);
    setStatus({ error: false, text: t('data.preparing') });
    try {
      saveBlob(await downloadMyData(), EXPORT_FILE_NAME);
      setStatus({ error: false, text: t('data.done', { file: EXPORT_FILE_NAME }) });
    } catch (error) {
      setStatus({ error: true, text: errorText(error, t('data.failed')) });
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsSection id="settings-data" title={t('data.title')} intro={t('data.intro')}>
      <FormAlert severity="error">{status?.error ? status.text : null}</FormAlert>
      <FormAlert severity="info">{status && !status.error ? status.text : null}</FormAlert>
      <Button
        variant="outlined"
        size="large"
        aria-busy={pending}
        onClick={() => void handleDownload()}
      >
        {t('data.download')}
      </Button>
    </SettingsSection>
  );
}
