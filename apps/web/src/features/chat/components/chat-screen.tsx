import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { useChatLive } from '../hooks/use-chat-live';
import { useLastingOffline } from '../hooks/use-lasting-offline';
import { CHAT_CONTAINER, WIDE_CHAT } from '../lib/panes';
import { NewConversation } from './new-conversation';
import { ThreadConversation } from './thread-conversation';
import { ThreadList } from './thread-list';

export interface ChatScreenProps {
  language: Language;
  viewerId: number;
  /** `?thread=`: the open conversation. */
  threadId?: number;
  /** `?to=`: a member to start a conversation with. */
  recipientId?: number;
  /** Opens a conversation in place of what is open (the address is replaced, not added to). */
  onStarted: (threadId: number) => void;
  /** Back to the list alone. */
  onClosed: () => void;
}

/**
 * `/{lang}/chat`: the member's conversations and the open one, side by side when there is room,
 * one at a time when not (the list, or the conversation with a way back). New incoming messages
 * are said politely to screen readers; a lasting loss of the live connection is said in words.
 */
export function ChatScreen({
  language,
  viewerId,
  threadId,
  recipientId,
  onStarted,
  onClosed,
}: ChatScreenProps) {
  const { t } = useTranslation('chat');
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((text: string) => setAnnouncement(text), []);
  const typing = useChatLive({ viewerId, announce });
  const offline = useLastingOffline();

  /** The conversation the member just started here: it opens at the composer, not the heading. */
  const [started, setStarted] = useState<number | null>(null);
  const handleStarted = useCallback(
    (id: number) => {
      setStarted(id);
      onStarted(id);
    },
    [onStarted],
  );

  // A conversation closed (back, deleted): the focus goes to the list it came from.
  const open = threadId !== undefined || recipientId !== undefined;
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) listHeading.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <PageHeading>{t('title')}</PageHeading>
      <Box role="status" sx={{ mb: offline ? 2 : 0 }}>
        {offline ? <Typography>{t('offline')}</Typography> : null}
      </Box>
      <Box aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Box sx={{ containerType: 'inline-size', containerName: CHAT_CONTAINER }}>
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            [WIDE_CHAT]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)' },
          }}
        >
          <Box
            sx={{
              minWidth: 0,
              display: open ? 'none' : 'block',
              [WIDE_CHAT]: { display: 'block' },
            }}
          >
            <ThreadList
              language={language}
              viewerId={viewerId}
              openThreadId={threadId}
              headingRef={listHeading}
            />
          </Box>
          <Box
            sx={{
              minWidth: 0,
              display: open ? 'block' : 'none',
              [WIDE_CHAT]: { display: 'block' },
            }}
          >
            {threadId !== undefined ? (
              <ThreadConversation
                key={threadId}
                threadId={threadId}
                viewerId={viewerId}
                language={language}
                typing={typing}
                initialFocus={started === threadId ? 'composer' : 'heading'}
                onClosed={onClosed}
              />
            ) : recipientId !== undefined ? (
              <NewConversation
                key={recipientId}
                recipientId={recipientId}
                viewerId={viewerId}
                language={language}
                onStarted={handleStarted}
                onExisting={onStarted}
              />
            ) : (
              <Typography sx={{ color: 'text.secondary', mt: { xs: 0, md: 6 } }}>
                {t('conversation.none')}
              </Typography>
            )}
          </Box>
        </Box>
      </Box>
    </>
  );
}
