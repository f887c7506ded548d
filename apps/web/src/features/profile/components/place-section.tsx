import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countriesQueryOptions, fieldValue, regionsQueryOptions } from '../../../lib/api/profile';
import { FormAlert } from '../../../components/ui/form-alert';
import { SECTION_FIELDS } from '../lib/field-names';
import { placePayload } from '../lib/payload';
import { useSaveProfile } from '../hooks/use-save-profile';
import { useSectionVisibility } from '../hooks/use-section-visibility';
import { ChoiceField } from '../../../components/forms/choice-field';
import { FieldRow } from './field-row';
import { SectionForm } from './section-form';
import type { SectionProps } from './section-props';
import { SettingsSection } from './settings-section';
import { VisibilitySelect } from './visibility-select';

/** Where you live: country, then a region of that country. */
export function PlaceSection({ me, fields, language }: SectionProps) {
  const { t } = useTranslation('profile');
  const saveState = useSaveProfile();
  const [visibility, setVisibility] = useSectionVisibility(
    SECTION_FIELDS.place,
    me.extendedProfile,
    fields,
  );
  const [country, setCountry] = useState(() => fieldValue(me.extendedProfile, 'country'));
  const [region, setRegion] = useState(() => fieldValue(me.extendedProfile, 'region'));
  const countries = useQuery(countriesQueryOptions(language));
  const regions = useQuery(regionsQueryOptions(country));
  // Regions are stored by name (the server takes a name or a code), the way the demo data has them.
  const regionOptions = (regions.data ?? []).map((item) => ({
    value: item.name,
    label: item.name,
  }));

  return (
    <SettingsSection id="settings-place" title={t('place.title')} intro={t('place.intro')}>
      <SectionForm
        saveState={saveState}
        onSubmit={(event) => {
          event.preventDefault();
          void saveState.save(placePayload({ country, region }, visibility));
        }}
        submitDescription={t('place.title')}
      >
        <FieldRow
          visibility={
            <VisibilitySelect
              id="visibility-country"
              fieldLabel={t('fields.country')}
              value={visibility.country}
              onChange={(level) => setVisibility('country', level)}
            />
          }
        >
          <ChoiceField
            id="place-country"
            label={t('fields.country')}
            value={country}
            options={(countries.data ?? []).map((item) => ({ value: item.code, label: item.name }))}
            emptyLabel={t('choice.notSaid')}
            onChange={(value) => {
              setCountry(value);
              setRegion('');
            }}
          />
        </FieldRow>
        <FieldRow
          visibility={
            <VisibilitySelect
              id="visibility-region"
              fieldLabel={t('fields.region')}
              value={visibility.region}
              onChange={(level) => setVisibility('region', level)}
            />
          }
        >
          <ChoiceField
            id="place-region"
            label={t('fields.region')}
            value={region}
            options={regionOptions}
            emptyLabel={country ? t('choice.notSaid') : t('place.chooseCountryFirst')}
            onChange={setRegion}
          />
        </FieldRow>
        <FormAlert severity="error">{regions.isError ? t('errors.regions') : null}</FormAlert>
      </SectionForm>
    </SettingsSection>
  );
}
