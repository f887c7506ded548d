import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { useAppSnackbar } from '../../hooks/use-app-snackbar';
import { refreshAfterBlockChange } from '../../lib/api/connections';
import { BlockMemberDialog } from './block-member-dialog';
import { ReportMemberDialog } from './report-member-dialog';

export interface MemberSafetyActionsProps {
  /** The other member's database id. */
  memberId: number;
  /** Their name as shown, for the buttons' accessible names and the messages. */
  name: string;
  language: Language;
}

/**
 * "Report" and "Block" for another member's profile, each named after the member and each asking
 * in a dialog first. A block hides the member's profile from the viewer, so once it is taken the
 * viewer goes to their connections page, where a snackbar says whom they blocked; the lists are
 * read again there.
 */
export function MemberSafetyActions({ memberId, name, language }: MemberSafetyActionsProps) {
  const { t } = useTranslation('connections');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showSnackbar = useAppSnackbar();
  const [open, setOpen] = useState<'block' | 'report' | null>(null);

  const handleBlocked = async () => {
    // Away from the profile first: read again while it is shown, it would find no member.
    await navigate({ to: '/$lang/connections', params: { lang: language } });
    showSnackbar({ message: t('safety.blocked', { name }) });
    await refreshAfterBlockChange(queryClient);
  };

  return (
    <Box
      role="group"
      aria-label={t('safety.groupLabel', { name })}
      sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}
    >
      <Button variant="outlined" color="inherit" onClick={() => setOpen('report')}>
        {t('safety.report', { name })}
      </Button>
      <Button variant="outlined" color="inherit" onClick={() => setOpen('block')}>
        {t('safety.block', { name })}
      </Button>
      <ReportMemberDialog
        open={open === 'report'}
        memberId={memberId}
        name={name}
        onClose={() => setOpen(null)}
      />
      <BlockMemberDialog
        open={open === 'block'}
        memberId={memberId}
        name={name}
        onClose={() => setOpen(null)}
        onBlocked={handleBlocked}
      />
    </Box>
  );
}
