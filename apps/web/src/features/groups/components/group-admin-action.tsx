import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GroupMemberEntry, GroupOutput } from '@attune/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { errorText } from '../../../lib/error-text';
import { applyGroupChange, groupKeys, setGroupAdmin } from '../../../lib/api/groups';
import { ApiError } from '../../../lib/rest-client';

/** Refusals that mean the list showed an old state: the group and its members are read again. */
const STALE_CODES = new Set(['forbidden', 'not_found']);

export interface GroupAdminActionProps {
  group: GroupOutput;
  member: GroupMemberEntry;
  /** The row is the viewer's own: stepping down is asked first. */
  isSelf: boolean;
  /** The viewer may no longer choose admins (they stepped down): the buttons are going away. */
  onAccessLost?: () => void;
}

/**
 * On a group's member list, for who may choose its admins: "Make {name} a group admin" for a
 * member, "Remove {name} as group admin" for an admin (for oneself, asked first). The button keeps
 * the focus while its words change; the outcome is announced politely (snackbar); a refusal (the
 * last admin, in the member's language) is written under it.
 */
export function GroupAdminAction({ group, member, isSelf, onAccessLost }: GroupAdminActionProps) {
  const { t } = useTranslation('groups');
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const errorId = useId();
  const [confirming, setConfirming] = useState(false);
  const name = member.nickname || member.name;
  const isAdmin = member.groupRole === 'admin';

  const mutation = useMutation({
    mutationFn: (admin: boolean) => setGroupAdmin({ groupId: group.id, userId: member.id, admin }),
    onSuccess: async (answer, admin) => {
      showSnackbar({
        message: admin
          ? t('members.adminRole.made', { name })
          : isSelf
            ? t('members.adminRole.removedSelf')
            : t('members.adminRole.removed', { name }),
      });
      if (!answer.group.may.appointAdmins) onAccessLost?.();
      // The group (its `may`) and its member list (the roles) are read again.
      await applyGroupChange(queryClient, answer.group);
    },
    onError: async (error) => {
      if (error instanceof ApiError && STALE_CODES.has(error.code))
        await queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });

  const run = () => {
    if (mutation.isPending) return;
    if (isAdmin && isSelf) setConfirming(true);
    else mutation.mutate(!isAdmin);
  };
  const failure = mutation.isError
    ? mutation.error instanceof ApiError && mutation.error.code === 'not_found'
      ? t('members.adminRole.gone', { name })
      : errorText(mutation.error, t('members.adminRole.failed'))
    : null;

  return (
    <Box sx={{ mt: 1.5 }}>
      <Button
        variant="outlined"
        // aria-disabled, not disabled: the button keeps the focus while the change is sent.
        aria-disabled={mutation.isPending}
        aria-describedby={failure ? errorId : undefined}
        onClick={run}
      >
        {isAdmin
          ? isSelf
            ? t('members.adminRole.removeSelf')
            : t('members.adminRole.remove', { name })
          : t('members.adminRole.make', { name })}
      </Button>
      {failure ? (
        <Typography id={errorId} role="alert" sx={{ mt: 1, color: 'error.main', fontWeight: 600 }}>
          {failure}
        </Typography>
      ) : null}
      {isSelf ? (
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={t('members.adminRole.confirmSelf.title', { group: group.name })}
          text={t('members.adminRole.confirmSelf.text')}
          cancelLabel={t('members.adminRole.confirmSelf.cancel')}
          confirmLabel={t('members.adminRole.confirmSelf.confirm')}
          onConfirm={() => {
            setConfirming(false);
            mutation.mutate(false);
          }}
        />
      ) : null}
    </Box>
  );
}
