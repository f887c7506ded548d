import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '@attune/contract';
import { fieldValue } from '../../../lib/api/profile';
import { SECTION_FIELDS, type FieldName } from '../lib/field-names';
import { toBoolean } from '../../../lib/profile-payload';
import { messagesPayload, type MessagesValues } from '../lib/payload';
import { useSaveProfile } from '../hooks/use-save-profile';
import { useSectionVisibility } from '../hooks/use-section-visibility';
import { FieldRow } from './field-row';
import { SectionForm } from './section-form';
import type { SectionProps } from './section-props';
import { SettingsSection } from './settings-section';
import { VisibilitySelect } from './visibility-select';

/** The welcome message new contacts read, and the automatic response to messages. */
export function MessagesSection({ me, fields }: SectionProps) {
  const { t } = useTranslation('profile');
  const saveState = useSaveProfile();
  const [visibility, setVisibility] = useSectionVisibility(
    SECTION_FIELDS.messages,
    me.extendedProfile,
    fields,
  );
  const [values, setValues] = useState<MessagesValues>(() => ({
    welcome: fieldValue(me.extendedProfile, 'welcome message'),
    enableAutomaticResponse: toBoolean(fieldValue(me.extendedProfile, 'enable automatic response')),
    automaticResponse: fieldValue(me.extendedProfile, 'automatic response'),
  }));

  const visibilitySelect = (name: FieldName, label: string) => (
    <VisibilitySelect
      id={`visibility-${name.replace(/ /g, '-')}`}
      fieldLabel={label}
      value={visibility[name]}
      onChange={(level) => setVisibility(name, level)}
    />
  );

  return (
    <SettingsSection id="settings-messages" title={t('messages.title')} intro={t('messages.intro')}>
      <SectionForm
        saveState={saveState}
        onSubmit={(event) => {
          event.preventDefault();
          void saveState.save(messagesPayload(values, visibility));
        }}
        submitDescription={t('messages.title')}
      >
        <FieldRow visibility={visibilitySelect('welcome message', t('fields.welcomeMessage'))}>
          <TextField
            id="messages-welcome"
            label={t('fields.welcomeMessage')}
            value={values.welcome}
            onChange={(event) => setValues((old) => ({ ...old, welcome: event.target.value }))}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.welcomeMessage } }}
          />
        </FieldRow>
        <FieldRow
          visibility={visibilitySelect(
            'enable automatic response',
            t('fields.enableAutomaticResponse'),
          )}
        >
          <FormControlLabel
            control={
              <Switch
                checked={values.enableAutomaticResponse}
                onChange={(event) =>
                  setValues((old) => ({ ...old, enableAutomaticResponse: event.target.checked }))
                }
              />
            }
            label={t('fields.enableAutomaticResponse')}
          />
        </FieldRow>
        <FieldRow
          visibility={visibilitySelect('automatic response', t('fields.automaticResponse'))}
        >
          <TextField
            id="messages-automatic-response"
            label={t('fields.automaticResponse')}
            value={values.automaticResponse}
            onChange={(event) =>
              setValues((old) => ({ ...old, automaticResponse: event.target.value }))
            }
            multiline
            minRows={2}
            fullWidth
            helperText={t('messages.automaticResponseHint')}
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.automaticResponse } }}
          />
        </FieldRow>
      </SectionForm>
    </SettingsSection>
  );
}
