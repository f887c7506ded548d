import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Option } from '@attune/contract';
import type { OnboardingForm } from '../lib/onboarding-form';
import type { TextFieldName } from './form-types';

export interface OptionSelectProps {
  name: TextFieldName;
  label: string;
  options: readonly Option[];
  loading?: boolean;
}

/**
 * One choice from a short list. A native select: large, familiar, and read well by every screen
 * reader and magnifier, which matters more here than a custom look.
 */
export function OptionSelect({ name, label, options, loading = false }: OptionSelectProps) {
  const { t } = useTranslation('onboarding');
  const { control } = useFormContext<OnboardingForm>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        // A stored value that is no longer an option stays visible instead of silently vanishing.
        const known = field.value === '' || options.some((option) => option.value === field.value);
        return (
          <TextField
            select
            id={`onboarding-${name}`}
            label={label}
            fullWidth
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={loading}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{loading ? t('select.loading') : t('select.none')}</option>
            {known ? null : <option value={field.value}>{field.value}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextField>
        );
      }}
    />
  );
}
