import { useState, type Ref } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  inputRef?: Ref<HTMLInputElement>;
};

/** A password text field with a clearly labelled "Show / Hide" button (no icon-only control). */
export function PasswordField({ slotProps, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        htmlInput: {
          spellCheck: false,
          autoCapitalize: 'none',
          ...(slotProps?.htmlInput as object),
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button
                type="button"
                size="small"
                variant="text"
                onClick={() => setVisible((value) => !value)}
                aria-pressed={visible}
                aria-label={visible ? t('password.hideLabel') : t('password.showLabel')}
                sx={{ minHeight: 44, minWidth: 72, px: 1.5 }}
              >
                {visible ? t('password.hide') : t('password.show')}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
