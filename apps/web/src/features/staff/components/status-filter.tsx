import { useId } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';

export interface StatusFilterProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/**
 * Which entries a staff list shows (open, handled …): toggle buttons under a visible label, the
 * chosen one pressed; they wrap on a narrow screen.
 */
export function StatusFilter<V extends string>({
  label,
  value,
  options,
  onChange,
}: StatusFilterProps<V>) {
  const id = useId();
  return (
    <Box sx={{ mb: 3 }}>
      <Typography id={`${id}-label`} sx={{ fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={value}
        onChange={(_, next: V | null) => next && onChange(next)}
        aria-labelledby={`${id}-label`}
        sx={{ flexWrap: 'wrap' }}
      >
        {options.map((option) => (
          <ToggleButton
            key={option.value}
            value={option.value}
            sx={{ minHeight: 44, px: 2.5, textTransform: 'none' }}
          >
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
