import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Country, Language } from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { countriesQueryOptions, regionsQueryOptions } from '../../../lib/api/profile';
import { useFieldLabel } from '../hooks/use-field-label';
import type { OnboardingForm } from '../lib/onboarding-form';

/** Step 5: country (searchable, with flags and localized names) and its region. */
export function LocationStep({ language }: { language: Language }) {
  const { t } = useTranslation(['onboarding', 'profile']);
  const label = useFieldLabel();
  const { control, setValue } = useFormContext<OnboardingForm>();
  const countries = useQuery(countriesQueryOptions(language));
  const country = useWatch({ control, name: 'country' });
  const regions = useQuery(regionsQueryOptions(country));

  // One text or none: two conditional children would make a (truthy) array even when both are
  // null, and the alert would then draw an empty red box.
  const problem = countries.isError
    ? t('errors.optionsFailed')
    : regions.isError
      ? t('profile:errors.regions')
      : null;

  return (
    <Stack spacing={3}>
      <FormAlert severity="error">{problem}</FormAlert>
      <Controller
        name="country"
        control={control}
        render={({ field }) => (
          <Autocomplete<Country>
            id="onboarding-country"
            options={countries.data ?? []}
            loading={countries.isPending}
            loadingText={t('select.loading')}
            noOptionsText={t('select.noMatch')}
            value={countries.data?.find((option) => option.code === field.value) ?? null}
            onChange={(_event, option) => {
              field.onChange(option?.code ?? '');
              // A region belongs to one country; a new country starts without one.
              setValue('region', null);
            }}
            onBlur={field.onBlur}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.code === value.code}
            renderOption={({ key, ...props }, option) => (
              <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
                <span aria-hidden="true">{option.emoji}</span>
                {option.name}
              </Box>
            )}
            renderInput={(params) => {
              const selected = countries.data?.find((option) => option.code === field.value);
              return (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label={label('country')}
                  helperText={t('location.country.help')}
                  slotProps={{
                    ...params.slotProps,
                    input: {
                      ...params.slotProps.input,
                      startAdornment: selected ? (
                        <Box
                          component="span"
                          aria-hidden="true"
                          sx={{ ml: 1, fontSize: '1.25rem' }}
                        >
                          {selected.emoji}
                        </Box>
                      ) : null,
                    },
                  }}
                />
              );
            }}
          />
        )}
      />
      <Controller
        name="region"
        control={control}
        render={({ field }) => {
          const options = regions.data ?? [];
          // A stored region may be a code or (from older data) a name; show it either way.
          const value =
            options.find((region) => region.code === field.value || region.name === field.value)
              ?.code ??
            field.value ??
            '';
          const known = value === '' || options.some((region) => region.code === value);
          return (
            <TextField
              select
              id="onboarding-region"
              label={label('region')}
              fullWidth
              name={field.name}
              value={value}
              onChange={(event) => field.onChange(event.target.value || null)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              // Not disabled without a country: a disabled field greys out its hint below the
              // contrast older eyes need; the hint says what to do instead.
              helperText={country ? undefined : t('location.region.chooseCountry')}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">
                {country && regions.isPending ? t('select.loading') : t('select.none')}
              </option>
              {known ? null : <option value={value}>{value}</option>}
              {options.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </TextField>
          );
        }}
      />
    </Stack>
  );
}
