import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import type { Option } from '@attune/contract';

export interface CheckboxGroupProps {
  legend: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
}

/** A several-of choice as a fieldset of checkboxes: each option visible, nothing hidden in a menu. */
export function CheckboxGroup({ legend, options, value, onChange }: CheckboxGroupProps) {
  const toggle = (item: string, checked: boolean) =>
    onChange(checked ? [...value, item] : value.filter((entry) => entry !== item));
  return (
    <FormControl component="fieldset" fullWidth>
      <FormLabel component="legend" sx={{ mb: 1, color: 'text.primary', fontWeight: 600 }}>
        {legend}
      </FormLabel>
      <FormGroup
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            control={
              <Checkbox
                checked={value.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
            }
            label={option.label}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
