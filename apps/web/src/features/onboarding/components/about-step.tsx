import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { NicknameStatus } from '../hooks/use-nickname-check';
import { NicknameField } from './nickname-field';
import { TextInput } from './text-input';

/** Step 1: display name, first name, year of birth, headline. */
export function AboutStep({ nicknameStatus }: { nicknameStatus: NicknameStatus }) {
  const { t } = useTranslation('onboarding');
  return (
    <Stack spacing={3}>
      <NicknameField status={nicknameStatus} />
      <TextInput name="name" label={t('about.name.label')} autoComplete="given-name" />
      <TextInput
        name="yearOfBirth"
        label={t('about.yearOfBirth.label')}
        help={t('about.yearOfBirth.help')}
        autoComplete="bday-year"
        inputMode="numeric"
        maxLength={4}
      />
      <TextInput
        name="headline"
        label={t('about.headline.label')}
        help={t('about.headline.help')}
        maxLength={120}
      />
    </Stack>
  );
}
