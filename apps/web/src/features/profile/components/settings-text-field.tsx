import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * The label sits above the field, in full and wrapping, instead of floating in the border where
 * long labels (and their translations) are cut off on narrow screens.
 */
const labelAbove = {
  '& .MuiInputLabel-root': {
    position: 'relative',
    transform: 'none',
    whiteSpace: 'normal',
    overflow: 'visible',
    textOverflow: 'clip',
    maxWidth: 'none',
    mb: 0.75,
    fontSize: '1rem',
    fontWeight: 600,
    lineHeight: 1.4,
    color: 'text.primary',
  },
  '& .MuiInputLabel-root.Mui-focused': { color: 'text.primary' },
} as const;

/** An MUI text field (or native select) with its label above it. */
export function SettingsTextField({ slotProps, sx, ...props }: TextFieldProps) {
  return (
    <TextField
      {...props}
      sx={[labelAbove, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
        input: { notched: false, ...(slotProps?.input as object) },
      }}
    />
  );
}
