import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@attune/contract';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { swapLanguagePrefix } from '../../../lib/language';
import { writeLanguageCookie } from '../../../lib/language-cookie';
import { savePreferredLanguage } from '../../../lib/preferred-language';
import { SettingsSection } from './settings-section';

/**
 * The interface language, saved like the header's language switcher does (cookie, preferred
 * language on the server, same page in the new language). A select with a Save button rather than
 * a second copy of the switcher: two "Language" navigation landmarks would confuse screen readers.
 */
export function LanguageSection({ language }: { language: Language }) {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const showSnackbar = useAppSnackbar();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const [choice, setChoice] = useState<Language>(language);
  const [pending, setPending] = useState(false);

  const handleSubmit = async () => {
    if (pending) return;
    setPending(true);
    writeLanguageCookie(choice);
    await savePreferredLanguage(choice);
    if (choice !== language) await navigate({ href: swapLanguagePrefix(href, choice) });
    setPending(false);
    showSnackbar({ message: t('language.saved', { lng: choice }) });
  };

  return (
    <SettingsSection id="settings-language" title={t('language.title')} intro={t('language.intro')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
      >
        <TextField
          select
          id="language-choice"
          label={t('language.label')}
          value={choice}
          onChange={(event) => setChoice(event.target.value as Language)}
          fullWidth
          sx={{ mb: 3, maxWidth: '24rem' }}
          slotProps={{ select: { native: true } }}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {tCommon(`languageSwitcher.languages.${code}`)}
            </option>
          ))}
        </TextField>
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            aria-busy={pending}
            aria-label={`${t('settings.save')}: ${t('language.title')}`}
          >
            {t('settings.save')}
          </Button>
        </Box>
      </Box>
    </SettingsSection>
  );
}
