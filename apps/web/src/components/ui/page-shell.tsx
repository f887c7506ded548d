import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { TextLink } from './button-link';
import { LanguageSwitcher } from './language-switcher';
import { FOCUS_COLOR } from '../../lib/theme';

export interface PageShellProps {
  language: Language;
  children: ReactNode;
}

/** The step-1 shell: skip link, a header with the name and language switcher, one `<main>` card. */
export function PageShell({ language, children }: PageShellProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <MuiLink
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -64,
          zIndex: 10,
          p: 1.5,
          backgroundColor: 'background.paper',
          '&:focus': { top: 8, outline: `3px solid ${FOCUS_COLOR}` },
        }}
      >
        {t('app.skipToContent')}
      </MuiLink>
      <Box
        component="header"
        sx={{ borderBottom: '1px solid #E0D6D2', backgroundColor: 'background.paper' }}
      >
        <Container
          maxWidth="md"
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            py: 1,
          }}
        >
          <TextLink
            to="/$lang"
            params={{ lang: language }}
            aria-label={t('app.homeLink')}
            underline="none"
            sx={{
              fontSize: '1.5rem',
              fontWeight: 700,
              color: 'primary.main',
              minHeight: 44,
              display: 'inline-flex',
              alignItems: 'center',
            }}
          >
            {t('app.name')}
          </TextLink>
          <LanguageSwitcher current={language} />
        </Container>
      </Box>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, py: { xs: 3, sm: 6 }, '&:focus': { outline: 'none' } }}
      >
        <Container maxWidth="sm">
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 4 }}>
            {children}
          </Paper>
        </Container>
      </Box>
    </Box>
  );
}
