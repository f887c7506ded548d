import { useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChatMember, ChatMessage, ChatReadMarker, Language } from '@attune/contract';
import { unsentDrafts, type Draft } from '../hooks/use-outbox';
import { joinNames, memberName, seenBy } from '../lib/message-view';
import { MessageItem } from './message-item';

export interface MessageListProps {
  /** The conversation's messages, oldest first. */
  messages: readonly ChatMessage[];
  /** The viewer's messages on their way. */
  pending: readonly Draft[];
  viewerId: number;
  participants: readonly ChatMember[];
  readMarkers: readonly ChatReadMarker[];
  language: Language;
  /** The region's name for screen readers ("Messages with Ana"). */
  label: string;
  /** Shown when there is no message yet. */
  emptyText: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/** How close to the end (px) still counts as reading the newest messages. */
const NEAR_END_PX = 80;

/**
 * The conversation, newest at the bottom, in a scrolling region a keyboard can scroll too. It
 * keeps to the newest message as they come while the member is there (and always after they
 * sent one); loading earlier messages keeps what they were reading in place. Under the last of
 * the viewer's messages another member has read: "Seen".
 */
export function MessageList({
  messages,
  pending,
  viewerId,
  participants,
  readMarkers,
  language,
  label,
  emptyText,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const region = useRef<HTMLDivElement>(null);
  const nearEnd = useRef(true);
  /** The height before earlier messages were added above, to keep the reading place. */
  const heightBeforeOlder = useRef<number | null>(null);
  const lastMessage = messages.at(-1);
  const firstId = messages[0]?.id;
  // A message whose live echo came before its sending call answered shows once, not twice.
  const drafts = unsentDrafts(pending, messages);

  useLayoutEffect(() => {
    const box = region.current;
    if (!box) return;
    if (heightBeforeOlder.current !== null) {
      box.scrollTop += box.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (nearEnd.current || lastMessage?.senderId === viewerId || drafts.length > 0)
      box.scrollTop = box.scrollHeight;
  }, [lastMessage?.id, lastMessage?.senderId, firstId, drafts.length, viewerId]);

  const handleLoadOlder = () => {
    if (loadingOlder) return;
    heightBeforeOlder.current = region.current?.scrollHeight ?? null;
    onLoadOlder();
  };

  const names = new Map(participants.map((member) => [member.id, memberName(member)]));
  const nameOf = (senderId: number | null) =>
    senderId === viewerId
      ? t('message.you')
      : senderId !== null && names.has(senderId)
        ? names.get(senderId)!
        : t('message.formerMember');
  const seen = seenBy(messages, readMarkers, viewerId);
  const seenNote = (messageId: number) => {
    const readers = seen.get(messageId);
    if (!readers) return undefined;
    if (participants.length <= 1) return t('message.seen');
    return t('message.seenBy', { names: joinNames(readers.map(nameOf), language) });
  };

  return (
    <Box
      ref={region}
      role="region"
      aria-label={label}
      tabIndex={0}
      onScroll={(event) => {
        const box = event.currentTarget;
        nearEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_END_PX;
      }}
      sx={{
        maxHeight: 'min(60vh, 40rem)',
        minHeight: '12rem',
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: 2,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {hasOlder ? (
        <Box sx={{ textAlign: 'center', mb: 2 }}>
          <Button variant="outlined" aria-disabled={loadingOlder} onClick={handleLoadOlder}>
            {loadingOlder ? t('conversation.loadingEarlier') : t('conversation.loadEarlier')}
          </Button>
        </Box>
      ) : null}
      {messages.length === 0 && drafts.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{emptyText}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              text={message.text}
              image={message.image}
              mine={message.senderId === viewerId}
              senderName={nameOf(message.senderId)}
              createdAt={message.createdAt}
              automatic={message.automatic}
              note={seenNote(message.id)}
              language={language}
            />
          ))}
          {drafts.map((draft) => (
            <MessageItem
              key={draft.clientId}
              text={draft.text}
              image={draft.image}
              mine
              senderName={t('message.you')}
              note={t('message.sending')}
              language={language}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
