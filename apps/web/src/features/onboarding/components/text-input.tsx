import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import type { OnboardingForm } from '../lib/onboarding-form';
import type { TextFieldName } from './form-types';

export interface TextInputProps {
  name: TextFieldName;
  label: string;
  help?: string;
  multiline?: boolean;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
}

/** A labelled text field bound to the onboarding form; its error replaces the help text. */
export function TextInput({
  name,
  label,
  help,
  multiline = false,
  required = false,
  autoComplete = 'off',
  inputMode,
  maxLength,
}: TextInputProps) {
  const { control } = useFormContext<OnboardingForm>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          id={`onboarding-${name}`}
          label={label}
          required={required}
          fullWidth
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          autoComplete={autoComplete}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? help}
          slotProps={{ htmlInput: { inputMode, maxLength } }}
        />
      )}
    />
  );
}
