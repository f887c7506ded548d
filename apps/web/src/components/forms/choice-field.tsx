import type { Option } from '@attune/contract';
import TextField from '@mui/material/TextField';

export interface ChoiceFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly Option[];
  /** Text of the empty choice ("Not said"), which saves a blank value. */
  emptyLabel: string;
  onChange: (value: string) => void;
  helperText?: string;
}

/**
 * A single choice as a native select: large, predictable, and read the same way by every screen
 * reader. A stored value that is no longer an option is still shown, so nothing is lost silently.
 */
export function ChoiceField({
  id,
  label,
  value,
  options,
  emptyLabel,
  onChange,
  helperText,
}: ChoiceFieldProps) {
  const known = value === '' || options.some((option) => option.value === value);
  return (
    <TextField
      select
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      helperText={helperText}
      slotProps={{ select: { native: true } }}
    >
      <option value="">{emptyLabel}</option>
      {known ? null : <option value={value}>{value}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
