import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS, type Option } from '@attune/contract';
import { useFieldLabel } from '../hooks/use-field-label';
import { OptionSelect } from './option-select';
import { TextInput } from './text-input';

export interface ChoiceStepProps {
  optionsOf: (fieldName: string) => Option[];
  loading: boolean;
}

/** Step 3: stage, journey and the journey in the member's own words (health data). */
export function JourneyStep({ optionsOf, loading }: ChoiceStepProps) {
  const { t } = useTranslation('onboarding');
  const label = useFieldLabel();
  return (
    <Stack spacing={3}>
      <OptionSelect
        name="stage"
        label={label('stage')}
        options={optionsOf('stage')}
        loading={loading}
      />
      <OptionSelect
        name="journey"
        label={label('journey')}
        options={optionsOf('journey')}
        loading={loading}
      />
      <TextInput
        name="myJourneyDescription"
        label={label('myJourneyDescription')}
        help={t('journey.myJourneyDescription.help')}
        multiline
        maxLength={TEXT_LIMITS.myJourneyDescription}
      />
    </Stack>
  );
}
