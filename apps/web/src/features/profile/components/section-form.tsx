import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import type { SaveProfileState } from '../hooks/use-save-profile';
import { HealthConsentDialog } from './health-consent-dialog';

export interface SectionFormProps {
  saveState: Pick<
    SaveProfileState,
    'pending' | 'error' | 'savedAt' | 'consentOpen' | 'acceptConsent' | 'cancelConsent'
  >;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Label of the save button; "Save" by default. */
  submitLabel?: string;
  /** Names what the button saves for screen readers ("Save About you"). */
  submitDescription?: string;
  children: ReactNode;
}

/** A section's form: its fields, the server's message (announced), its own Save button. */
export function SectionForm({
  saveState,
  onSubmit,
  submitLabel,
  submitDescription,
  children,
}: SectionFormProps) {
  const { t, i18n } = useTranslation('profile');
  const savedAt = saveState.savedAt
    ? t('settings.savedAt', {
        time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
          saveState.savedAt,
        ),
      })
    : null;
  const label = saveState.pending ? t('settings.saving') : (submitLabel ?? t('settings.save'));
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        // The button stays focusable while saving (a disabled one would drop the focus).
        if (saveState.pending) event.preventDefault();
        else onSubmit(event);
      }}
    >
      {children}
      <FormAlert severity="error">{saveState.error}</FormAlert>
      <FormAlert severity="success">{saveState.error ? null : savedAt}</FormAlert>
      <Button
        type="submit"
        variant="contained"
        size="large"
        aria-busy={saveState.pending}
        // The visible text comes first, so voice control users can say what they see.
        aria-label={submitDescription ? `${label}: ${submitDescription}` : undefined}
      >
        {label}
      </Button>
      <HealthConsentDialog
        open={saveState.consentOpen}
        onAccept={() => void saveState.acceptConsent()}
        onCancel={saveState.cancelConsent}
      />
    </Box>
  );
}
