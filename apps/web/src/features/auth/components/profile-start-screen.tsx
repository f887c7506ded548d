import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';
import { viewerQueryOptions } from '../../../lib/viewer';

export interface ProfileStartScreenProps {
  language: Language;
}

/** Onboarding start (step 1 only says the account is ready; profile setup is built later). */
export function ProfileStartScreen({ language }: ProfileStartScreenProps) {
  const { t } = useTranslation('auth');
  const { data: user } = useSuspenseQuery(viewerQueryOptions());
  const nickname = user?.nickname || user?.username || '';

  return (
    <>
      <PageHeading>{t('profileStart.title')}</PageHeading>
      <Typography sx={{ mb: 2 }}>{t('profileStart.text', { nickname })}</Typography>
      <Typography sx={{ mb: 3 }}>{t('profileStart.next')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ButtonLink to="/$lang" params={{ lang: language }} variant="contained">
          {t('profileStart.home')}
        </ButtonLink>
        <ButtonLink to="/$lang/logout" params={{ lang: language }} variant="outlined">
          {t('logout.action')}
        </ButtonLink>
      </Stack>
    </>
  );
}
