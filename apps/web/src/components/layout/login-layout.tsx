import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { LayoutCard } from './card';
import { LayoutFrame } from './layout-frame';
import { SimpleHeader } from './simple-header';

/** The login page: a short welcome beside the login card (stacked on small screens). */
export function LoginLayout({ language, children }: { language: Language; children: ReactNode }) {
  const { t } = useTranslation('layout');
  return (
    <LayoutFrame language={language} header={<SimpleHeader language={language} />}>
      <Container
        maxWidth="lg"
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 6 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 34rem)' },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-labelledby="login-welcome" sx={{ pt: { md: 4 } }}>
          <Typography
            id="login-welcome"
            variant="h2"
            component="p"
            sx={{ color: 'primary.main', mb: 1.5 }}
          >
            {t('login.welcomeTitle')}
          </Typography>
          <Typography>{t('login.welcomeText')}</Typography>
        </Box>
        <LayoutCard>{children}</LayoutCard>
      </Container>
    </LayoutFrame>
  );
}
