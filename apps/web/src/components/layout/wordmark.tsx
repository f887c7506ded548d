import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { TextLink } from '../ui/button-link';

/** The "Attune" wordmark, a link to the start page. */
export function Wordmark({ language }: { language: Language }) {
  const { t } = useTranslation();
  return (
    <TextLink
      to="/$lang"
      params={{ lang: language }}
      aria-label={t('app.homeLink')}
      underline="none"
      sx={{
        fontSize: { xs: '1.25rem', sm: '1.5rem' },
        fontWeight: 700,
        color: 'primary.main',
        minHeight: 44,
        display: 'inline-flex',
        alignItems: 'center',
        letterSpacing: '0.01em',
      }}
    >
      {t('app.name')}
    </TextLink>
  );
}
