import Stack from '@mui/material/Stack';
import { useFieldLabel } from '../hooks/use-field-label';
import type { ChoiceStepProps } from './journey-step';
import { OptionSelect } from './option-select';
import { YesNoField } from './yes-no-field';

/** Step 4: each ear, the device type, the hearing aid type and natural hearing (health data). */
export function EarsStep({ optionsOf, loading }: ChoiceStepProps) {
  const label = useFieldLabel();
  const select = (
    name: 'leftEar' | 'rightEar' | 'deviceType' | 'hearingAidType',
    field: string,
  ) => (
    <OptionSelect name={name} label={label(name)} options={optionsOf(field)} loading={loading} />
  );
  return (
    <Stack spacing={3}>
      {select('leftEar', 'left ear')}
      {select('rightEar', 'right ear')}
      {select('deviceType', 'device type')}
      {select('hearingAidType', 'hearing aid type')}
      <YesNoField name="useHearing" legend={label('useHearing')} />
    </Stack>
  );
}
