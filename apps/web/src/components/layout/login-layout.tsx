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
      {/* Side by side only while both fit at the member's text size: sized in rem, the columns wrap
          at 200 % text where a breakpoint in pixels would squeeze the welcome under the card.
          Once they wrap (a phone, large text), the card comes first on screen, so the login's
          first field is in the first screen; `wrap-reverse` does it without changing the reading
          order (welcome, then form), and the welcome has nothing to tab to. In `wrap-reverse`,
          the cross axis starts at the bottom: `flex-end` puts both columns at the top. */}
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexWrap: 'wrap-reverse',
          gap: { xs: 3, md: 6 },
          alignItems: 'flex-end',
        }}
      >
        <Box
          component="section"
          aria-labelledby="login-welcome"
          sx={{ flex: '1 1 18rem', minWidth: 0, pt: { md: 4 } }}
        >
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
        <Box sx={{ flex: '1 1 26rem', minWidth: 0, maxWidth: '34rem' }}>
          <LayoutCard>{children}</LayoutCard>
        </Box>
      </Container>
    </LayoutFrame>
  );
}
