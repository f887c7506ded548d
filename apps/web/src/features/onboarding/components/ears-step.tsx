import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { ChoiceStepProps } from './journey-step';
import { OptionSelect } from './option-select';
import { YesNoField } from './yes-no-field';

/** Step 4: each ear, the device type, the hearing aid type and natural hearing (health data). */
export function EarsStep({ optionsOf, loading }: ChoiceStepProps) {
  const { t } = useTranslation('onboarding');
  const select = (
    name: 'leftEar' | 'rightEar' | 'deviceType' | 'hearingAidType',
    field: string,
  ) => (
    <OptionSelect
      name={name}
      label={t(`ears.${name}.label`)}
      options={optionsOf(field)}
      loading={loading}
    />
  );
  return (
    <Stack spacing={3}>
      {select('leftEar', 'left ear')}
      {select('rightEar', 'right ear')}
      {select('deviceType', 'device type')}
      {select('hearingAidType', 'hearing aid type')}
      <YesNoField name="useHearing" legend={t('ears.useHearing.label')} />
    </Stack>
  );
}
