import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@attune/contract';

export interface LanguageSelectProps {
  id: string;
  label: string;
  value: Language;
  onChange: (language: Language) => void;
  helperText?: string;
}

/** A choice of one of the interface languages, as the browser's own select (keyboard as usual). */
export function LanguageSelect({ id, label, value, onChange, helperText }: LanguageSelectProps) {
  const { t } = useTranslation('common');
  return (
    <TextField
      id={id}
      select
      label={label}
      value={value}
      helperText={helperText}
      onChange={(event) => onChange(event.target.value as Language)}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 220 }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(`languageSwitcher.languages.${language}`)}
        </option>
      ))}
    </TextField>
  );
}
