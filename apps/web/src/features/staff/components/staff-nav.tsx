import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { ButtonLink } from '../../../components/ui/button-link';
import { SECTION_PATHS, type StaffSection } from '../lib/sections';

export interface StaffNavProps {
  language: Language;
  /** The sections the viewer may open, in order. */
  sections: readonly StaffSection[];
  /** The section shown now (marked `aria-current="page"`), if it is one of them. */
  current: StaffSection | null;
}

/**
 * The workspace's sections as a list of links in a labelled navigation landmark. The links wrap
 * onto more rows on a narrow screen or with large text instead of scrolling sideways; Tab moves
 * through them, and the section shown is marked for screen readers and by its filled style.
 */
export function StaffNav({ language, sections, current }: StaffNavProps) {
  const { t } = useTranslation('staff');
  const id = useId();
  return (
    <Box component="nav" aria-labelledby={`${id}-label`} sx={{ mb: 4 }}>
      <Typography
        id={`${id}-label`}
        sx={{ fontWeight: 700, color: 'text.secondary', mb: 1, overflowWrap: 'anywhere' }}
      >
        {t('nav.label')}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {sections.map((section) => {
          const isCurrent = section === current;
          return (
            <li key={section}>
              <ButtonLink
                to={SECTION_PATHS[section]}
                params={{ lang: language }}
                activeOptions={{ exact: section === 'overview' }}
                variant={isCurrent ? 'contained' : 'outlined'}
                aria-current={isCurrent ? 'page' : undefined}
                sx={{ textTransform: 'none', whiteSpace: 'normal', textAlign: 'center' }}
              >
                {t(`nav.sections.${section}`)}
              </ButtonLink>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
