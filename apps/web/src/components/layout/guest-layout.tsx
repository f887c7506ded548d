import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { readAuthToken } from '../../lib/auth-token';
import { ButtonLink } from '../ui/button-link';
import { LayoutFrame } from './layout-frame';
import { SimpleHeader } from './simple-header';

/** Public pages (about, FAQ, terms, not found): reading width, a way in for visitors. */
export function GuestLayout({ language, children }: { language: Language; children: ReactNode }) {
  const { t } = useTranslation('layout');
  const signedIn = Boolean(safeReadAuthToken());
  const action = signedIn ? (
    <ButtonLink to="/$lang" params={{ lang: language }} variant="outlined" size="small">
      {t('guest.toCommunity')}
    </ButtonLink>
  ) : (
    <ButtonLink to="/$lang/login" params={{ lang: language }} variant="outlined" size="small">
      {t('guest.login')}
    </ButtonLink>
  );
  return (
    <LayoutFrame language={language} header={<SimpleHeader language={language} actions={action} />}>
      <Container maxWidth="md">{children}</Container>
    </LayoutFrame>
  );
}

function safeReadAuthToken(): string | null {
  try {
    return readAuthToken();
  } catch {
    // Before the configuration is loaded there is no session to speak of.
    return null;
  }
}
