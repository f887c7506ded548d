import Stack from '@mui/material/Stack';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '@attune/contract';
import { NicknameField } from '../../../components/forms/nickname-field';
import type { NicknameStatus } from '../../../hooks/use-nickname-check';
import { useFieldLabel } from '../hooks/use-field-label';
import type { OnboardingForm } from '../lib/onboarding-form';
import { TextInput } from './text-input';

/** Step 1: display name, first name, year of birth, headline. */
export function AboutStep({ nicknameStatus }: { nicknameStatus: NicknameStatus }) {
  const { t } = useTranslation('onboarding');
  const label = useFieldLabel();
  const { control } = useFormContext<OnboardingForm>();
  return (
    <Stack spacing={3}>
      <Controller
        name="nickname"
        control={control}
        render={({ field, fieldState }) => (
          <NicknameField
            id="onboarding-nickname"
            label={label('nickname')}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            status={nicknameStatus}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextInput name="name" label={label('name')} autoComplete="given-name" />
      <TextInput
        name="yearOfBirth"
        label={label('yearOfBirth')}
        help={t('about.yearOfBirth.help')}
        autoComplete="bday-year"
        inputMode="numeric"
        maxLength={4}
      />
      <TextInput
        name="headline"
        label={label('headline')}
        help={t('about.headline.help')}
        maxLength={TEXT_LIMITS.headline}
      />
    </Stack>
  );
}
