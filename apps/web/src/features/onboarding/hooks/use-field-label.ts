import { useTranslation } from 'react-i18next';
import { FIELD_LABEL_KEYS, type LabelledField } from '../lib/field-labels';

/** The name of an onboarding field, from the `profile` namespace shared with the settings page. */
export function useFieldLabel(): (field: LabelledField) => string {
  const { t } = useTranslation('profile');
  return (field) => t(`fields.${FIELD_LABEL_KEYS[field]}`);
}
