import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RadioChoice } from '../../../components/forms/radio-choice';
import { FormAlert } from '../../../components/ui/form-alert';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { errorText } from '../../../lib/error-text';
import { SectionForm } from './section-form';
import { SettingsSection } from './settings-section';

/** Nothing here stores health data: the section form's consent step never opens. */
const NO_CONSENT = {
  consentOpen: false,
  acceptConsent: async () => {},
  cancelConsent: () => {},
} as const;

/** Texts of a choice section, under `profile:<texts>.*`. */
type ChoiceTexts = 'connectionRequests' | 'messagesFrom';

export interface ChoiceSettingSectionProps<V extends string> {
  /** Id of the section's heading (the page's "On this page" list links to it). */
  id: string;
  /** Id prefix and name of the radios. */
  radioId: string;
  texts: ChoiceTexts;
  options: readonly V[];
  /** The option that carries a sentence (`<texts>.sharedGroupHint`). */
  hintFor?: V;
  /** What the server holds: the value once read, and whether reading it is pending or failed. */
  stored: { value: V | undefined; isPending: boolean; isError: boolean };
  /** Stores the choice (and updates the cache); throws when refused. */
  save: (value: V) => Promise<void>;
}

/**
 * A privacy choice of the settings page ("who may …"): the options as radios, saved with the
 * section's own button like the rest of the page; a refusal is said in the member's language.
 */
export function ChoiceSettingSection<V extends string>({
  id,
  radioId,
  texts,
  options,
  hintFor,
  stored,
  save,
}: ChoiceSettingSectionProps<V>) {
  const { t } = useTranslation('profile');
  const showSnackbar = useAppSnackbar();
  // What the member picked on this page; until then, what the server holds.
  const [picked, setPicked] = useState<V | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const value = picked ?? stored.value ?? '';

  const handleSave = async () => {
    if (!value) return;
    setPending(true);
    setError(null);
    setSavedAt(null);
    try {
      await save(value);
      setSavedAt(new Date());
      showSnackbar({ message: t(`${texts}.saved`) });
    } catch (caught) {
      setError(errorText(caught, t(`${texts}.saveFailed`)));
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsSection id={id} title={t(`${texts}.title`)} intro={t(`${texts}.intro`)}>
      <FormAlert severity="error">{stored.isError ? t(`${texts}.loadFailed`) : null}</FormAlert>
      {stored.isPending ? <Typography>{t('settings.loading')}</Typography> : null}
      {stored.value ? (
        <SectionForm
          saveState={{ pending, error, savedAt, ...NO_CONSENT }}
          onSubmit={(event) => {
            event.preventDefault();
            void handleSave();
          }}
          submitDescription={t(`${texts}.title`)}
        >
          <RadioChoice
            id={radioId}
            legend={t(`${texts}.label`)}
            value={value}
            options={options.map((option) => ({
              value: option,
              label: t(`${texts}.options.${option}` as `${ChoiceTexts}.options.shared_group`),
              ...(option === hintFor ? { hint: t(`${texts}.sharedGroupHint`) } : {}),
            }))}
            onChange={setPicked}
          />
        </SectionForm>
      ) : null}
    </SettingsSection>
  );
}
