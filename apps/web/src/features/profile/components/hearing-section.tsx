import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '@attune/contract';
import { fieldValue } from '../../../lib/api/profile';
import { fieldKey, SECTION_FIELDS, type FieldName } from '../lib/field-names';
import { fieldOptions } from '../../../lib/option-labels';
import { hearingPayload, type HearingValues } from '../lib/payload';
import { useSaveProfile } from '../hooks/use-save-profile';
import { useSectionVisibility } from '../hooks/use-section-visibility';
import { ChoiceField } from '../../../components/forms/choice-field';
import { FieldRow } from './field-row';
import { SectionForm } from './section-form';
import type { SectionProps } from './section-props';
import { SettingsSection } from './settings-section';
import { VisibilitySelect } from './visibility-select';

type ChoiceKey = Exclude<keyof HearingValues, 'myJourneyDescription' | 'useHearing'>;

/** The single-choice hearing fields, in the order a member tells their story. */
const CHOICES: Array<[ChoiceKey, FieldName]> = [
  ['stage', 'stage'],
  ['journey', 'journey'],
  ['leftEar', 'left ear'],
  ['rightEar', 'right ear'],
  ['deviceType', 'device type'],
  ['hearingAidType', 'hearing aid type'],
];

/** Hearing: stage, journey, ears, devices, use of hearing. Health data, so consent comes first. */
export function HearingSection({ me, fields }: SectionProps) {
  const { t } = useTranslation('profile');
  const saveState = useSaveProfile({ given: Boolean(me.healthConsent), fields });
  const [visibility, setVisibility] = useSectionVisibility(
    SECTION_FIELDS.hearing,
    me.extendedProfile,
    fields,
  );
  const stored = (name: FieldName) => fieldValue(me.extendedProfile, name);
  const [values, setValues] = useState<HearingValues>(() => ({
    stage: stored('stage'),
    journey: stored('journey'),
    myJourneyDescription: stored('my journey description'),
    leftEar: stored('left ear'),
    rightEar: stored('right ear'),
    deviceType: stored('device type'),
    hearingAidType: stored('hearing aid type'),
    useHearing: stored('use hearing'),
  }));
  const set = (key: keyof HearingValues) => (value: string) =>
    setValues((old) => ({ ...old, [key]: value }));

  const visibilitySelect = (name: FieldName) => (
    <VisibilitySelect
      id={`visibility-${name.replace(/ /g, '-')}`}
      fieldLabel={t(`fields.${fieldKey(name)}` as 'fields.stage')}
      value={visibility[name]}
      onChange={(level) => setVisibility(name, level)}
    />
  );

  return (
    <SettingsSection id="settings-hearing" title={t('hearing.title')} intro={t('hearing.intro')}>
      <SectionForm
        saveState={saveState}
        onSubmit={(event) => {
          event.preventDefault();
          void saveState.save(hearingPayload(values, visibility));
        }}
        submitDescription={t('hearing.title')}
      >
        {CHOICES.map(([key, name]) => (
          <FieldRow key={key} visibility={visibilitySelect(name)}>
            <ChoiceField
              id={`hearing-${key}`}
              label={t(`fields.${fieldKey(name)}` as 'fields.stage')}
              value={values[key] ?? ''}
              options={fieldOptions(fields, name)}
              emptyLabel={t('choice.notSaid')}
              onChange={set(key)}
            />
          </FieldRow>
        ))}
        <FieldRow visibility={visibilitySelect('use hearing')}>
          <ChoiceField
            id="hearing-useHearing"
            label={t('fields.useHearing')}
            value={values.useHearing}
            options={[
              { value: 'yes', label: t('choice.yes') },
              { value: 'no', label: t('choice.no') },
            ]}
            emptyLabel={t('choice.notSaid')}
            onChange={set('useHearing')}
            helperText={t('hearing.useHearingHint')}
          />
        </FieldRow>
        <FieldRow visibility={visibilitySelect('my journey description')}>
          <TextField
            id="hearing-myJourneyDescription"
            label={t('fields.myJourneyDescription')}
            value={values.myJourneyDescription}
            onChange={(event) => set('myJourneyDescription')(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.myJourneyDescription } }}
          />
        </FieldRow>
      </SectionForm>
    </SettingsSection>
  );
}
