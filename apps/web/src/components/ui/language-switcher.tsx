import { useSyncExternalStore, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { interfaceLanguages, subscribeInterfaceLanguages } from '../../lib/i18n';
import { writeLanguageCookie } from '../../lib/language-cookie';
import { savePreferredLanguage } from '../../lib/preferred-language';
import { swapLanguagePrefix } from '../../lib/language';
import { visuallyHidden } from './visually-hidden';

export interface LanguageSwitcherProps {
  current: Language;
}

/** Links to the same page in the other languages; choosing one saves it in the language cookie. */
export function LanguageSwitcher({ current }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // The server's languages (`get_languages`), the bundled list until they arrive.
  const languages = useSyncExternalStore(subscribeInterfaceLanguages, interfaceLanguages);

  const handleClick =
    (language: Language, href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
      writeLanguageCookie(language);
      void savePreferredLanguage(language);
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
        return;
      event.preventDefault();
      void navigate({ href });
    };

  return (
    <Box component="nav" aria-label={t('languageSwitcher.label')}>
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 2,
          listStyle: 'none',
          m: 0,
          p: 0,
          alignItems: 'center',
        }}
      >
        {languages.map((language) => {
          const name = t(`languageSwitcher.languages.${language}`);
          if (language === current) {
            return (
              <Box component="li" key={language}>
                <Typography
                  component="span"
                  lang={language}
                  aria-current="true"
                  sx={{
                    fontWeight: 700,
                    display: 'inline-flex',
                    alignItems: 'center',
                    minHeight: 44,
                  }}
                >
                  <span aria-hidden="true">{name}</span>
                  <Box component="span" sx={visuallyHidden}>
                    {t('languageSwitcher.current', { language: name })}
                  </Box>
                </Typography>
              </Box>
            );
          }
          const href = swapLanguagePrefix(location.href, language);
          return (
            <Box component="li" key={language}>
              <MuiLink
                href={href}
                lang={language}
                hrefLang={language}
                onClick={handleClick(language, href)}
                sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, px: 0.5 }}
              >
                {name}
              </MuiLink>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
