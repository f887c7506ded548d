import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { ButtonLink } from './button-link';
import { PageHeading } from './page-heading';

export interface ErrorPageProps {
  language: Language;
  statusCode: number;
  /** The title, e.g. "Page Not Found" or "Internal Server Error". */
  statusMessage: string;
  description: string;
  /** Offer "Reload the page" (for errors that may pass). */
  reload?: boolean;
}

/** The generic error page of spec §2: status code, status message, description, a way home. */
export function ErrorPage({
  language,
  statusCode,
  statusMessage,
  description,
  reload = false,
}: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography
        component="p"
        sx={{ fontSize: '1rem', fontWeight: 700, color: 'text.secondary', mb: 1 }}
      >
        {t('errorPage.code', { code: statusCode })}
      </Typography>
      <PageHeading>{statusMessage}</PageHeading>
      <Typography role="alert" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {description}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ButtonLink to="/$lang" params={{ lang: language }} variant="contained">
          {t('notFound.home')}
        </ButtonLink>
        {reload ? (
          <Button variant="outlined" onClick={() => window.location.reload()}>
            {t('errorPage.reload')}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
