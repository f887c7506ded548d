import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldValue, speakingLanguagesQueryOptions } from '../../../lib/api/profile';
import { SECTION_FIELDS, type FieldName } from '../lib/field-names';
import { fieldOptions } from '../../../lib/option-labels';
import { interestsPayload, splitList, type InterestsValues } from '../lib/payload';
import { useSaveProfile } from '../hooks/use-save-profile';
import { useSectionVisibility } from '../hooks/use-section-visibility';
import { CheckboxGroup } from '../../../components/forms/checkbox-group';
import { FieldRow } from './field-row';
import { SectionForm } from './section-form';
import type { SectionProps } from './section-props';
import { SettingsSection } from './settings-section';
import { VisibilitySelect } from './visibility-select';

/** Interests, the languages the member speaks, and what they seek support for. */
export function InterestsSection({ me, fields, language }: SectionProps) {
  const { t } = useTranslation('profile');
  // "Seek support for" is health data: consent comes first here too.
  const saveState = useSaveProfile({ given: Boolean(me.healthConsent), fields });
  const [visibility, setVisibility] = useSectionVisibility(
    SECTION_FIELDS.interests,
    me.extendedProfile,
    fields,
  );
  const [values, setValues] = useState<InterestsValues>(() => ({
    interests: splitList(fieldValue(me.extendedProfile, 'interests')),
    languages: splitList(fieldValue(me.extendedProfile, 'speaking languages')),
    seekSupportFor: splitList(fieldValue(me.extendedProfile, 'seek support for')),
  }));
  const languages = useQuery(speakingLanguagesQueryOptions(language));
  const languageOptions = languages.data ?? [];
  const languageName = (code: string) =>
    languageOptions.find((item) => item.code === code)?.name ?? code;

  const visibilitySelect = (name: FieldName, label: string) => (
    <VisibilitySelect
      id={`visibility-${name.replace(/ /g, '-')}`}
      fieldLabel={label}
      value={visibility[name]}
      onChange={(level) => setVisibility(name, level)}
    />
  );

  return (
    <SettingsSection
      id="settings-interests"
      title={t('interests.title')}
      intro={t('interests.intro')}
    >
      <SectionForm
        saveState={saveState}
        onSubmit={(event) => {
          event.preventDefault();
          void saveState.save(interestsPayload(values, visibility));
        }}
        submitDescription={t('interests.title')}
      >
        <FieldRow visibility={visibilitySelect('interests', t('fields.interests'))}>
          <CheckboxGroup
            legend={t('fields.interests')}
            options={fieldOptions(fields, 'interests')}
            value={values.interests}
            onChange={(interests) => setValues((old) => ({ ...old, interests }))}
          />
        </FieldRow>
        <FieldRow
          visibility={visibilitySelect('speaking languages', t('fields.speakingLanguages'))}
        >
          <Autocomplete
            id="interests-languages"
            multiple
            options={languageOptions.map((item) => item.code)}
            value={values.languages}
            onChange={(_, languages) => setValues((old) => ({ ...old, languages }))}
            getOptionLabel={languageName}
            filterSelectedOptions
            loading={languages.isPending}
            loadingText={t('settings.loading')}
            noOptionsText={t('interests.noLanguage')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('fields.speakingLanguages')}
                helperText={t('interests.languagesHint')}
              />
            )}
          />
        </FieldRow>
        <FieldRow visibility={visibilitySelect('seek support for', t('fields.seekSupportFor'))}>
          <CheckboxGroup
            legend={t('fields.seekSupportFor')}
            options={fieldOptions(fields, 'seek support for')}
            value={values.seekSupportFor}
            onChange={(seekSupportFor) => setValues((old) => ({ ...old, seekSupportFor }))}
          />
        </FieldRow>
      </SectionForm>
    </SettingsSection>
  );
}
