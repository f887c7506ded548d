import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OnboardingForm } from '../lib/onboarding-form';

export interface YesNoFieldProps {
  name: 'useHearing' | 'enableAutomaticResponse';
  legend: string;
}

/** A yes/no question as two large radio buttons in a fieldset. */
export function YesNoField({ name, legend }: YesNoFieldProps) {
  const { t } = useTranslation('onboarding');
  const { control } = useFormContext<OnboardingForm>();
  const id = `onboarding-${name}`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl component="fieldset">
          <FormLabel
            component="legend"
            id={`${id}-legend`}
            sx={{ color: 'text.primary', fontWeight: 600 }}
          >
            {legend}
          </FormLabel>
          <RadioGroup
            row
            name={field.name}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            aria-labelledby={`${id}-legend`}
          >
            <FormControlLabel
              value="yes"
              label={t('yesNo.yes')}
              control={<Radio slotProps={{ input: { ref: field.ref } }} onBlur={field.onBlur} />}
            />
            <FormControlLabel
              value="no"
              label={t('yesNo.no')}
              control={<Radio onBlur={field.onBlur} />}
            />
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}
