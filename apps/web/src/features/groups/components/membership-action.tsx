import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GroupOutput } from '@attune/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { errorText } from '../../../lib/error-text';
import {
  applyGroupChange,
  changeMembership,
  groupKeys,
  type MembershipAction as Action,
} from '../../../lib/api/groups';
import { ApiError } from '../../../lib/rest-client';

/** The one thing the viewer can do about their membership, from what the server says they may. */
export function membershipActionOf(group: Pick<GroupOutput, 'may'>): Action | null {
  if (group.may.join) return 'join';
  if (group.may.request) return 'request';
  if (group.may.cancelRequest) return 'cancelRequest';
  if (group.may.leave) return 'leave';
  return null;
}

/** Refusals that mean the page showed an old state: the group is read again. */
const STALE_CODES = new Set(['already_member', 'request_exists', 'not_found', 'conflict']);

export interface MembershipActionProps {
  group: GroupOutput;
  /** The signed-in member's database id (joining and leaving name them). */
  viewerId: number;
  /** After leaving a group the viewer may no longer see (a hidden one): leave its page. */
  onGone?: () => void;
}

/**
 * The viewer's one membership button: Join (public), Ask to join (private), Withdraw request, or
 * Leave (asked first). It stays the same button while its words change, so the focus stays on it;
 * the outcome is announced politely (snackbar), a refusal is written under it.
 */
export function MembershipAction({ group, viewerId, onGone }: MembershipActionProps) {
  const { t } = useTranslation('groups');
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const errorId = useId();
  const [confirming, setConfirming] = useState(false);
  const action = membershipActionOf(group);

  const mutation = useMutation({
    mutationFn: (chosen: Action) => changeMembership(chosen, group.id, viewerId),
    onSuccess: async (answer, chosen) => {
      showSnackbar({ message: t(`membership.done.${chosen}`, { name: group.name }) });
      if (!answer.group.may.see) {
        onGone?.();
        await queryClient.invalidateQueries({ queryKey: groupKeys.all });
        return;
      }
      await applyGroupChange(queryClient, answer.group);
    },
    onError: async (error) => {
      if (error instanceof ApiError && STALE_CODES.has(error.code))
        await queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });

  if (!action) return null;
  const run = () => {
    if (mutation.isPending) return;
    if (action === 'leave') setConfirming(true);
    else mutation.mutate(action);
  };
  const failure = mutation.isError ? errorText(mutation.error, t('membership.failed')) : null;

  return (
    <Box>
      <Button
        variant={action === 'join' || action === 'request' ? 'contained' : 'outlined'}
        // aria-disabled, not disabled: the button keeps the focus while the change is sent.
        aria-disabled={mutation.isPending}
        aria-describedby={failure ? errorId : undefined}
        onClick={run}
      >
        {t(`membership.${action}`)}
      </Button>
      {failure ? (
        <Typography id={errorId} role="alert" sx={{ mt: 1, color: 'error.main', fontWeight: 600 }}>
          {failure}
        </Typography>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('membership.confirmLeave.title', { name: group.name })}
        text={t(`membership.confirmLeave.text.${group.status}`)}
        cancelLabel={t('membership.confirmLeave.cancel')}
        confirmLabel={t('membership.confirmLeave.confirm')}
        onConfirm={() => {
          setConfirming(false);
          mutation.mutate('leave');
        }}
      />
    </Box>
  );
}
