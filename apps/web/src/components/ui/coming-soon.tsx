import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { ButtonLink } from './button-link';
import { PageHeading } from './page-heading';

export type ComingSoonArea = 'communitySettings' | 'medel';

/** An honest page body for an area that later steps build: its name, "opens soon", a way home. */
export function ComingSoon({ area }: { area: ComingSoonArea }) {
  const { t } = useTranslation('layout');
  const language = useLanguage();
  return (
    <>
      <PageHeading>{t(`comingSoon.areas.${area}`)}</PageHeading>
      <Typography sx={{ mb: 1 }}>{t('comingSoon.text')}</Typography>
      <Typography sx={{ mb: 3 }}>{t('comingSoon.thanks')}</Typography>
      <ButtonLink to="/$lang" params={{ lang: language }} variant="contained">
        {t('comingSoon.home')}
      </ButtonLink>
    </>
  );
}
