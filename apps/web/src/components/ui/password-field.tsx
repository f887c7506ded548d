import { useState } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { useTranslation } from 'react-i18next';
import { PlainTextField, type PlainTextFieldProps } from './plain-text-field';

export type PasswordFieldProps = Omit<PlainTextFieldProps, 'type' | 'endAdornment'>;

/** A password text field with a clearly labelled "Show / Hide" button (no icon-only control). */
export function PasswordField({ htmlInput, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PlainTextField
      {...props}
      type={visible ? 'text' : 'password'}
      htmlInput={{ spellCheck: 'false', autoCapitalize: 'none', ...htmlInput }}
      endAdornment={
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
      }
    />
  );
}
