import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { TextLink } from '../ui/button-link';

/**
 * Footer of every layout: links to the public pages (about, FAQ, terms) and to the contact form
 * (which takes a signed-in member to their support page).
 */
export function SiteFooter({ language }: { language: Language }) {
  const { t } = useTranslation('layout');
  const links = [
    { to: '/$lang/about', label: t('footer.about') },
    { to: '/$lang/faq', label: t('footer.faq') },
    { to: '/$lang/terms-and-conditions', label: t('footer.terms') },
    { to: '/$lang/contact', label: t('footer.contact') },
  ] as const;
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', backgroundColor: 'background.paper', mt: 'auto' }}
    >
      <Container
        maxWidth="lg"
        sx={{
          py: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box component="nav" aria-label={t('footer.label')}>
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, listStyle: 'none', m: 0, p: 0 }}
          >
            {links.map((link) => (
              <li key={link.to}>
                <TextLink
                  to={link.to}
                  params={{ lang: language }}
                  sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
                >
                  {link.label}
                </TextLink>
              </li>
            ))}
          </Box>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('footer.tagline')}
        </Typography>
      </Container>
    </Box>
  );
}
