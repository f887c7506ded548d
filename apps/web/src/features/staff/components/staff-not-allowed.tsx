import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';

export interface StaffNotAllowedProps {
  language: Language;
  /**
   * `workspace`: the viewer is not staff (a member or a mentor); `section`: staff, but their role
   * does not include the section they opened.
   */
  scope: 'workspace' | 'section';
}

/**
 * What someone sees who may not use the staff area, or one of its sections: a heading, a plain
 * explanation and a way on. Not a redirect: the address stays, and they learn why.
 */
export function StaffNotAllowed({ language, scope }: StaffNotAllowedProps) {
  const { t } = useTranslation('staff');
  return (
    <>
      <PageHeading>{t(`notAllowed.${scope}.title`)}</PageHeading>
      <Typography sx={{ mb: 1 }}>{t(`notAllowed.${scope}.text`)}</Typography>
      <Typography sx={{ mb: 3 }}>{t(`notAllowed.${scope}.help`)}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {scope === 'workspace' ? (
          <>
            <ButtonLink
              to="/$lang"
              params={{ lang: language }}
              // Not the current page: the start page only contains this address.
              activeOptions={{ exact: true }}
              variant="contained"
            >
              {t('notAllowed.home')}
            </ButtonLink>
            <ButtonLink to="/$lang/support" params={{ lang: language }} variant="outlined">
              {t('notAllowed.support')}
            </ButtonLink>
          </>
        ) : (
          <ButtonLink
            to="/$lang/medel"
            params={{ lang: language }}
            activeOptions={{ exact: true }}
            variant="contained"
          >
            {t('notAllowed.overview')}
          </ButtonLink>
        )}
      </Box>
    </>
  );
}
