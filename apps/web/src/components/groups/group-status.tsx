import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { GroupStatus } from '@attune/contract';
import { HiddenIcon, LockIcon, PublicIcon } from '../ui/icons';

const ICONS = { public: PublicIcon, private: LockIcon, hidden: HiddenIcon } as const;

/**
 * A group's status in words ("Private group"), with its icon beside them (decorative). Shared by
 * the groups pages and profiles; its words are in the `groups` namespace, which the route loads.
 */
export function GroupStatusLabel({ status, sx }: { status: GroupStatus; sx?: SxProps<Theme> }) {
  const { t } = useTranslation('groups');
  const Icon = ICONS[status];
  return (
    <Box
      component="span"
      sx={[
        { display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Icon fontSize="small" />
      {t(`status.${status}`)}
    </Box>
  );
}
