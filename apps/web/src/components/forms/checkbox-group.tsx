import type { FocusEventHandler, Ref } from 'react';
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
  onBlur?: FocusEventHandler<HTMLButtonElement>;
  /** Given to the first checkbox, so a form can move the focus to the group. */
  inputRef?: Ref<HTMLInputElement>;
  /** The `name` of every checkbox. */
  name?: string;
}

/**
 * Several choices from a short list as plain checkboxes in a fieldset (onboarding and settings):
 * every option visible and a large target, easier for older members than a dropdown that hides
 * them. Two columns from small screens up.
 */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  onBlur,
  inputRef,
  name,
}: CheckboxGroupProps) {
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
        {options.map((option, position) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                name={name}
                value={option.value}
                checked={value.includes(option.value)}
                onBlur={onBlur}
                slotProps={{ input: { ref: position === 0 ? inputRef : undefined } }}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
