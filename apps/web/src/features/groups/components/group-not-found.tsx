import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';

/**
 * A group that does not exist, or one the viewer may not know of (a hidden group they are not in):
 * the same words for both, so the page never tells that a hidden group exists.
 */
export function GroupNotFound({ language }: { language: Language }) {
  const { t } = useTranslation('groups');
  return (
    <>
      <PageHeading>{t('group.notFound.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('group.notFound.text')}</Typography>
      <ButtonLink to="/$lang/groups" params={{ lang: language }} variant="contained">
        {t('group.notFound.back')}
      </ButtonLink>
    </>
  );
}
