import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';
import { chosenDisplayName } from '../../../lib/display-name';
import { viewerQueryOptions } from '../../../lib/viewer';

export interface HomeScreenProps {
  language: Language;
}

/** Step-1 home: greets the signed-in member and offers log out. */
export function HomeScreen({ language }: HomeScreenProps) {
  const { t } = useTranslation(['auth', 'common']);
  const { data: user } = useSuspenseQuery(viewerQueryOptions());
  // Until the member chooses a display name, a friendly neutral greeting, never their username.
  const nickname = chosenDisplayName(user);

  return (
    <>
      <PageHeading>
        {nickname ? t('home.title', { nickname }) : t('common:greeting.neutral')}
      </PageHeading>
      <Typography sx={{ mb: 3 }}>{t('home.text')}</Typography>
      {user && !user.completedSetup ? (
        <Typography sx={{ mb: 2 }}>{t('home.setupPending')}</Typography>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {user && !user.completedSetup ? (
          <ButtonLink to="/$lang/profile/start" params={{ lang: language }} variant="contained">
            {t('home.setupLink')}
          </ButtonLink>
        ) : null}
        <ButtonLink to="/$lang/logout" params={{ lang: language }} variant="outlined">
          {t('logout.action')}
        </ButtonLink>
      </Stack>
    </>
  );
}
