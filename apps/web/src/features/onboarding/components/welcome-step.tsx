import Stack from '@mui/material/Stack';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '@attune/contract';
import type { OnboardingForm } from '../lib/onboarding-form';
import { useFieldLabel } from '../hooks/use-field-label';
import { TextInput } from './text-input';
import { YesNoField } from './yes-no-field';

/** Step 7: the welcome message, and an automatic response shown only when switched on. */
export function WelcomeStep() {
  const { t } = useTranslation('onboarding');
  const label = useFieldLabel();
  const { control } = useFormContext<OnboardingForm>();
  const enabled = useWatch({ control, name: 'enableAutomaticResponse' }) === 'yes';
  return (
    <Stack spacing={3}>
      <TextInput
        name="welcome"
        label={label('welcome')}
        help={t('welcome.welcome.help')}
        multiline
        maxLength={TEXT_LIMITS.welcomeMessage}
      />
      <YesNoField name="enableAutomaticResponse" legend={label('enableAutomaticResponse')} />
      {enabled ? (
        <TextInput
          name="automaticResponse"
          label={label('automaticResponse')}
          help={t('welcome.automaticResponse.help')}
          multiline
          maxLength={TEXT_LIMITS.automaticResponse}
        />
      ) : null}
    </Stack>
  );
}
