import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../lib/config';
import { PageHeading } from './page-heading';

export interface ErrorContentProps {
  error: unknown;
}

/** Shown when a page fails unexpectedly: a calm text and a reload button (details go to the console). */
export function ErrorContent({ error }: ErrorContentProps) {
  const { t } = useTranslation();
  console.error(error);
  const email = supportEmail();
  return (
    <>
      <PageHeading>{t('errorPage.title')}</PageHeading>
      <Typography role="alert" sx={{ mb: 3 }}>
        {t('errorPage.text', { email })}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errorPage.reload')}
      </Button>
    </>
  );
}

function supportEmail(): string {
  try {
    return getConfig().supportEmail;
  } catch {
    return '';
  }
}
