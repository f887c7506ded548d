import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';

export interface ContentNotAllowedProps {
  language: Language;
  /** Which editor was opened: pages and the FAQ (`edit_content`) or texts (`edit_translations`). */
  editor: 'pages' | 'faq' | 'translations';
}

/**
 * What someone sees who opens a content editor their role does not include: what it is for, who
 * may use it, and a way back. The server refuses the same (403); this only says so kindly.
 */
export function ContentNotAllowed({ language, editor }: ContentNotAllowedProps) {
  const { t } = useTranslation('content');
  return (
    <>
      <PageHeading>{t('notAllowed.title')}</PageHeading>
      <Typography sx={{ mb: 1 }}>{t(`notAllowed.${editor}`)}</Typography>
      <Typography sx={{ mb: 3 }}>{t('notAllowed.help')}</Typography>
      <ButtonLink to="/$lang/medel" params={{ lang: language }} variant="contained">
        {t('notAllowed.back')}
      </ButtonLink>
    </>
  );
}
