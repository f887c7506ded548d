import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { useLogout } from '../hooks/use-logout';

export interface LogoutScreenProps {
  language: Language;
}

/** Logs out on arrival, then goes to the login page. */
export function LogoutScreen({ language }: LogoutScreenProps) {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => {
      enqueueSnackbar(t('logout.done'), { variant: 'success' });
      return navigate({ to: '/$lang/login', params: { lang: language }, replace: true });
    });
  }, [enqueueSnackbar, language, logout, navigate, t]);

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
