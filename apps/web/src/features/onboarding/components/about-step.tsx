import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useFieldLabel } from '../hooks/use-field-label';
import type { NicknameStatus } from '../hooks/use-nickname-check';
import { NicknameField } from './nickname-field';
import { TextInput } from './text-input';

/** Step 1: display name, first name, year of birth, headline. */
export function AboutStep({ nicknameStatus }: { nicknameStatus: NicknameStatus }) {
  const { t } = useTranslation('onboarding');
  const label = useFieldLabel();
  return (
    <Stack spacing={3}>
      <NicknameField status={nicknameStatus} />
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
        maxLength={120}
      />
    </Stack>
  );
}
