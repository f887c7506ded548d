import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { Controller, useFormContext } from 'react-hook-form';
import type { Option } from '@attune/contract';
import type { OnboardingForm } from '../lib/onboarding-form';
import type { ListFieldName } from './form-types';

export interface CheckboxGroupProps {
  name: ListFieldName;
  legend: string;
  options: readonly Option[];
}

/**
 * Several choices from a short list as plain checkboxes in a fieldset: every option is visible and
 * a large target, easier for older members than a dropdown that hides them.
 */
export function CheckboxGroup({ name, legend, options }: CheckboxGroupProps) {
  const { control } = useFormContext<OnboardingForm>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl component="fieldset" fullWidth>
          <FormLabel component="legend" sx={{ mb: 1, color: 'text.primary', fontWeight: 600 }}>
            {legend}
          </FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
            {options.map((option, position) => (
              <FormControlLabel
                key={option.value}
                label={option.label}
                control={
                  <Checkbox
                    name={field.name}
                    value={option.value}
                    checked={field.value.includes(option.value)}
                    slotProps={{ input: { ref: position === 0 ? field.ref : undefined } }}
                    onBlur={field.onBlur}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...field.value, option.value]
                          : field.value.filter((value) => value !== option.value),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
      )}
    />
  );
}
