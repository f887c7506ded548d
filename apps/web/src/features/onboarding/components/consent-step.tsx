import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OnboardingForm } from '../lib/onboarding-form';

/**
 * Step 2: explicit consent to storing health data (GDPR art. 9), asked before any hearing
 * question. The box is never ticked in advance; declining is an equal, clearly named choice.
 */
export function ConsentStep() {
  const { t } = useTranslation('onboarding');
  const { control } = useFormContext<OnboardingForm>();
  return (
    <Stack spacing={2}>
      <Typography>{t('consent.healthData')}</Typography>
      <Typography>{t('consent.howStored')}</Typography>
      <Typography>{t('consent.decline')}</Typography>
      <Controller
        name="consent"
        control={control}
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormControlLabel
              sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.5 } }}
              label={t('consent.checkbox')}
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{
                    input: {
                      ref: field.ref,
                      'aria-required': true,
                      'aria-invalid': Boolean(fieldState.error),
                      'aria-describedby': fieldState.error ? 'onboarding-consent-error' : undefined,
                    } as Record<string, unknown>,
                  }}
                />
              }
            />
            {fieldState.error ? (
              <FormHelperText id="onboarding-consent-error">
                {fieldState.error.message}
              </FormHelperText>
            ) : null}
          </FormControl>
        )}
      />
    </Stack>
  );
}
