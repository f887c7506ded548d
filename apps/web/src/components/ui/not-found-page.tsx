import Typography from '@mui/material/Typography';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@attune/contract';
import { ButtonLink } from './button-link';
import { PageHeading } from './page-heading';

export interface NotFoundContentProps {
  language?: Language;
}

/** "Page Not Found: {path}" (spec §2, §8) with a way back to the start page. */
export function NotFoundContent({ language = DEFAULT_LANGUAGE }: NotFoundContentProps) {
  const { t } = useTranslation();
  const path = useLocation({ select: (location) => location.pathname });
  return (
    <>
      <PageHeading>{t('notFound.title')}</PageHeading>
      <Typography sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {t('notFound.message', { path })}
      </Typography>
      <ButtonLink to="/$lang" params={{ lang: language }} variant="contained">
        {t('notFound.home')}
      </ButtonLink>
    </>
  );
}
