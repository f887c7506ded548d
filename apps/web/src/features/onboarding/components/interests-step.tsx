import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language, SpeakingLanguage } from '@attune/contract';
import { speakingLanguagesQueryOptions } from '../../../lib/api/profile';
import type { OnboardingForm } from '../lib/onboarding-form';
import { useFieldLabel } from '../hooks/use-field-label';
import { CheckboxGroup } from '../../../components/forms/checkbox-group';
import type { ListFieldName } from './form-types';
import type { ChoiceStepProps } from './journey-step';

export interface InterestsStepProps extends ChoiceStepProps {
  language: Language;
  /** Whether the member agreed to share health data; "seek support for" is one. */
  healthConsent: boolean;
}

/** Step 6: interests, speaking languages and what the member seeks support for. */
export function InterestsStep({ language, optionsOf, healthConsent }: InterestsStepProps) {
  const { t } = useTranslation('onboarding');
  const label = useFieldLabel();
  const { control } = useFormContext<OnboardingForm>();
  const languages = useQuery(speakingLanguagesQueryOptions(language));

  return (
    <Stack spacing={4}>
      <CheckboxGroupField
        name="interests"
        legend={label('interests')}
        options={optionsOf('interests')}
      />
      <Controller
        name="languages"
        control={control}
        render={({ field }) => {
          const byCode = new Map((languages.data ?? []).map((entry) => [entry.code, entry]));
          return (
            <Autocomplete<SpeakingLanguage, true>
              multiple
              id="onboarding-languages"
              options={languages.data ?? []}
              loading={languages.isPending}
              loadingText={t('select.loading')}
              noOptionsText={t('select.noMatch')}
              value={field.value.flatMap((code) => byCode.get(code) ?? [])}
              onChange={(_event, options) => field.onChange(options.map((option) => option.code))}
              onBlur={field.onBlur}
              getOptionLabel={(option) => option.name}
              isOptionEqualToValue={(option, value) => option.code === value.code}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label={label('languages')}
                  helperText={
                    languages.isError ? t('errors.optionsFailed') : t('interests.languages.help')
                  }
                  error={languages.isError}
                />
              )}
            />
          );
        }}
      />
      {healthConsent ? (
        <CheckboxGroupField
          name="seekSupportFor"
          legend={label('seekSupportFor')}
          options={optionsOf('seek support for')}
        />
      ) : (
        <Typography>{t('declined.field')}</Typography>
      )}
    </Stack>
  );
}

/** The shared checkbox group, bound to a list field of the onboarding form. */
function CheckboxGroupField({
  name,
  legend,
  options,
}: {
  name: ListFieldName;
  legend: string;
  options: ReturnType<ChoiceStepProps['optionsOf']>;
}) {
  const { control } = useFormContext<OnboardingForm>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <CheckboxGroup
          name={field.name}
          legend={legend}
          options={options}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      )}
    />
  );
}
