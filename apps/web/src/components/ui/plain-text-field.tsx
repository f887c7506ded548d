import type {
  ChangeEventHandler,
  FocusEventHandler,
  InputHTMLAttributes,
  ReactNode,
  Ref,
} from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export interface PlainTextFieldProps {
  /** Links the label, the input and the helper text; required for an accessible field. */
  id: string;
  label: ReactNode;
  name?: string;
  type?: string;
  value?: string;
  defaultValue?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  /** Shown under the field and read with it (`aria-describedby`). */
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  /** Attributes of the `<input>` itself (inputMode, autoCapitalize, spellCheck, maxLength …). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  sx?: SxProps<Theme>;
}

/**
 * The outlined text field of MUI's `TextField`, put together from its parts. `TextField` also
 * carries its `select` mode, which brings Select, Menu, Popover and Modal into every page that
 * shows a field; the signed-out pages (login, sign-up, recovery) are the first thing most
 * visitors load, so they use this one.
 */
export function PlainTextField({
  id,
  label,
  name,
  type = 'text',
  value,
  defaultValue,
  autoComplete,
  required,
  disabled,
  fullWidth,
  error,
  helperText,
  endAdornment,
  htmlInput,
  inputRef,
  onChange,
  onBlur,
  sx,
}: PlainTextFieldProps) {
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      error={error}
      sx={sx}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        value={value}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        label={label}
        endAdornment={endAdornment}
        inputRef={inputRef}
        onChange={onChange}
        onBlur={onBlur}
        inputProps={{ ...htmlInput, 'aria-describedby': helperTextId }}
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
