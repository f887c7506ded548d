import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language, StaffAbilities } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { PendingContent } from '../../../components/ui/pending-content';
import { areasQueryOptions } from '../../../lib/api/profile';
import { staffOverviewQueryOptions } from '../../../lib/api/staff';

export interface StaffOverviewScreenProps {
  language: Language;
  abilities: StaffAbilities;
}

type Count = 'openReports' | 'openSupportRequests' | 'pendingInvitations';
const COUNTS: readonly {
  key: Count;
  to: '/$lang/medel/reports' | '/$lang/medel/support' | '/$lang/medel/members';
  open: keyof StaffAbilities;
}[] = [
  { key: 'openReports', to: '/$lang/medel/reports', open: 'view_reports' },
  { key: 'openSupportRequests', to: '/$lang/medel/support', open: 'view_support_requests' },
  { key: 'pendingInvitations', to: '/$lang/medel/members', open: 'invite_member' },
];

/**
 * The workspace's start: which area the viewer looks after, and what waits for them (open reports,
 * open support requests, invitations not used yet), each leading to its section when their role
 * includes it.
 */
export function StaffOverviewScreen({ language, abilities }: StaffOverviewScreenProps) {
  const { t } = useTranslation('staff');
  const overview = useQuery(staffOverviewQueryOptions());
  const areas = useQuery(areasQueryOptions(language));
  const area = overview.data?.area ?? '';
  const areaName = areas.data?.find((option) => option.value === area)?.label ?? area;

  return (
    <>
      <PageHeading>{t('overview.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('overview.intro')}</Typography>
      {overview.isPending ? <PendingContent /> : null}
      <FormAlert severity="error">{overview.isError ? t('overview.failed') : null}</FormAlert>
      {overview.data ? (
        <>
          <Typography sx={{ mb: 3 }}>{t('overview.area', { area: areaName })}</Typography>
          {COUNTS.every(({ key }) => overview.data[key] === 0) ? (
            <Typography sx={{ mb: 2, fontWeight: 600 }}>{t('overview.calm')}</Typography>
          ) : null}
          <Box
            component="ul"
            aria-label={t('overview.waiting')}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(10rem, 1fr))' },
            }}
          >
            {COUNTS.map(({ key, to, open }) => {
              const count = overview.data[key];
              return (
                <Paper component="li" variant="outlined" key={key} sx={{ p: 2, borderRadius: 3 }}>
                  <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }}>
                    {count}
                  </Typography>
                  <Typography sx={{ mb: 1 }}>{t(`overview.counts.${key}`, { count })}</Typography>
                  {abilities[open] ? (
                    <TextLink to={to} params={{ lang: language }}>
                      {t(`overview.links.${key}`)}
                    </TextLink>
                  ) : null}
                </Paper>
              );
            })}
          </Box>
        </>
      ) : null}
    </>
  );
}
