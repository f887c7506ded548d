import { useEffect, useRef } from 'react';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { chatKeys, chatMemberQueryOptions, type InboxData } from '../../../lib/api/chat';
import { profileAddress } from '../../../lib/display-name';
import { useOutbox, type Draft } from '../hooks/use-outbox';
import { ConversationFrame } from './conversation-frame';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

export interface NewConversationProps {
  recipientId: number;
  viewerId: number;
  language: Language;
  /** The first message started the conversation. */
  onStarted: (threadId: number) => void;
  /** The member's list already holds a conversation with just them. */
  onExisting: (threadId: number) => void;
}

/**
 * Writing to a member for the first time (`?to=`): their name, and the composer. The first
 * message starts the conversation, which then opens as any other. When the member's list already
 * holds a conversation with just them, that one opens instead. What the server refuses (they do
 * not take messages from the viewer, a block) shows at the composer, in the member's language.
 */
export function NewConversation({
  recipientId,
  viewerId,
  language,
  onStarted,
  onExisting,
}: NewConversationProps) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const member = useQuery({
    ...chatMemberQueryOptions(recipientId),
    enabled: recipientId !== viewerId,
  });
  const { pending, send } = useOutbox({ recipientId }, viewerId);

  useEffect(() => {
    const existing = queryClient
      .getQueriesData<InboxData>({ queryKey: chatKeys.inbox('') })
      .flatMap(([, data]) => data?.pages.flatMap((page) => page.items) ?? [])
      .find(
        (thread) => thread.participants.length === 1 && thread.participants[0]!.id === recipientId,
      );
    if (existing) onExisting(existing.id);
  }, [queryClient, recipientId, onExisting]);

  const ready = member.data !== undefined || recipientId === viewerId || member.isError;
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready, recipientId]);

  const name = member.data ? profileAddress(member.data) : '';
  if (recipientId === viewerId || !member.data) {
    const problem =
      recipientId === viewerId
        ? t('newConversation.self')
        : member.isPending
          ? t('conversation.loading')
          : member.isError
            ? t('conversation.loadFailed')
            : t('newConversation.notFound');
    return (
      <ConversationFrame
        language={language}
        headingRef={heading}
        title={t('newConversation.title')}
      >
        <Typography role="status">{problem}</Typography>
      </ConversationFrame>
    );
  }

  const handleSend = async (draft: Draft) => {
    const answer = await send(draft);
    onStarted(answer.thread_id);
  };

  return (
    <ConversationFrame
      language={language}
      headingRef={heading}
      title={name}
      avatarUrl={member.data.avatar.url}
    >
      <MessageList
        messages={[]}
        pending={pending}
        viewerId={viewerId}
        participants={[]}
        readMarkers={[]}
        language={language}
        label={t('conversation.messagesWith', { names: name })}
        emptyText={t('newConversation.empty', { name })}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={() => undefined}
      />
      <MessageComposer onSend={handleSend} />
    </ConversationFrame>
  );
}
