import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Visibility } from '@attune/contract';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { VISIBILITY_CHOICES, visibilityLabelKey } from '../lib/visibility';

export interface VisibilitySelectProps {
  id: string;
  /** The label of the field this select belongs to, read out with "Who can see this". */
  fieldLabel: string;
  value: Visibility;
  onChange: (value: Visibility) => void;
  disabled?: boolean;
}

/** "Who can see this": only me, my connections, members or staff. A native select for sure-footed use. */
export function VisibilitySelect({
  id,
  fieldLabel,
  value,
  onChange,
  disabled,
}: VisibilitySelectProps) {
  const { t } = useTranslation('profile');
  return (
    <TextField
      select
      id={id}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as Visibility)}
      label={
        <>
          {t('visibility.label')}
          <Box component="span" sx={visuallyHidden}>
            {` (${fieldLabel})`}
          </Box>
        </>
      }
      fullWidth
      slotProps={{ select: { native: true } }}
    >
      {VISIBILITY_CHOICES.map((level) => (
        <option key={level} value={level}>
          {t(visibilityLabelKey(level))}
        </option>
      ))}
    </TextField>
  );
}
