import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { useLogout } from '../hooks/use-logout';

export interface LogoutScreenProps {
  language: Language;
}

/** Logs out on arrival, then goes to the login page. */
export function LogoutScreen({ language }: LogoutScreenProps) {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  const navigate = useNavigate();
  const showSnackbar = useAppSnackbar();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => {
      showSnackbar({ message: t('logout.done') });
      return navigate({ to: '/$lang/login', params: { lang: language }, replace: true });
    });
  }, [showSnackbar, language, logout, navigate, t]);

  return (
    <>
      <PageHeading>{t('logout.title')}</PageHeading>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={28} aria-hidden="true" />
        <Typography role="status">{t('logout.text')}</Typography>
      </Box>
    </>
  );
}
