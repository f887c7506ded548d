import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFriendshipAction, useRefusal } from '../../hooks/use-friendship-action';
import { connectionState } from '../../lib/connection-state';
import type { FriendshipAction } from '../../lib/api/connections';
import { claimFocusAfterChange, showMemberButtons } from '../../lib/member-focus';

export interface ConnectButtonProps {
  /** The other member's database id. */
  memberId: number;
  /** Their name as shown, for the buttons' accessible names and the messages. */
  name: string;
  /** Their friend status as the viewer sees it (FRIEND_STATUS). */
  isFriend: number | null | undefined;
}

/**
 * What the viewer can do about their connection with a member, by its current state: connect;
 * cancel their own request; accept or decline one sent to them; end a connection (asked first).
 * After an action the screens read the new state; focus moves to the first button of the new
 * state, so a keyboard user stays where they were.
 */
export function ConnectButton({ memberId, name, isFriend }: ConnectButtonProps) {
  const { t } = useTranslation('connections');
  const state = connectionState(isFriend);
  const { run, pending } = useFriendshipAction();
  const errorId = useId();
  const [confirming, setConfirming] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // After an action the buttons of the new state take the focus: these, or, if the member moved
  // to another list, their buttons there (lib/member-focus.ts).
  const instance = useId();
  const error = useRefusal(memberId, instance);
  const focusFirstButton = () => group.current?.querySelector('button')?.focus();
  // Listed before the claim: buttons that appear are on the screen's list when they claim.
  useEffect(() => showMemberButtons(memberId, instance, focusFirstButton), [memberId, instance]);
  useEffect(() => {
    if (claimFocusAfterChange(memberId, instance)) focusFirstButton();
  }, [state, memberId, instance]);

  // If the member leaves every list, the focus returns to the heading of the section they were in.
  const sectionHeading = () =>
    group.current?.closest('section')?.querySelector<HTMLElement>('h2[tabindex="-1"]') ?? null;
  const act = (action: FriendshipAction) =>
    void run(action, memberId, name, instance, sectionHeading());
  const button = (action: FriendshipAction, variant: 'contained' | 'outlined' = 'outlined') => (
    <Button
      key={action}
      variant={variant}
      // aria-disabled, not disabled: the focused button keeps the focus while the change is sent.
      aria-disabled={pending}
      onClick={() => (action === 'remove' ? setConfirming(true) : act(action))}
    >
      {t(`actions.${action}`, { name })}
    </Button>
  );

  return (
    <Box>
      <Box
        ref={group}
        role="group"
        aria-label={t('groupLabel', { name })}
        aria-busy={pending}
        aria-describedby={error ? errorId : undefined}
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}
      >
        {state === 'notConnected' ? button('request', 'contained') : null}
        {state === 'requestSent' ? button('cancel') : null}
        {state === 'requestReceived' ? (
          <>
            {button('accept', 'contained')}
            {button('reject')}
          </>
        ) : null}
        {state === 'connected' ? button('remove') : null}
        <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId}>
          <DialogTitle id={titleId}>{t('confirmRemove.title', { name })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('confirmRemove.text', { name })}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)}>{t('confirmRemove.keep')}</Button>
            <Button
              color="error"
              onClick={() => {
                setConfirming(false);
                act('remove');
              }}
            >
              {t('confirmRemove.confirm', { name })}
            </Button>
          </DialogActions>
        </Dialog>
      </Box>
      {error ? (
        <Typography id={errorId} role="alert" sx={{ mt: 1, color: 'error.main', fontWeight: 600 }}>
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}
