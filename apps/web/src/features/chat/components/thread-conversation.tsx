import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { chatKeys, deleteThread, threadQueryOptions } from '../../../lib/api/chat';
import { errorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/rest-client';
import { useMarkRead } from '../hooks/use-mark-read';
import { useOutbox } from '../hooks/use-outbox';
import { useTypingSignal } from '../hooks/use-typing-signal';
import type { TypingState } from '../hooks/use-chat-live';
import { joinNames, memberName, oldestFirst } from '../lib/message-view';
import { ConversationFrame } from './conversation-frame';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { TypingNote } from './typing-note';

export interface ThreadConversationProps {
  threadId: number;
  viewerId: number;
  language: Language;
  typing: TypingState;
  /** Where the focus goes once it has loaded: its heading, or the composer (first message sent). */
  initialFocus: 'heading' | 'composer';
  /** The member deleted it: back to the list. */
  onClosed: () => void;
}

/**
 * An open conversation: who it is with, its messages (earlier ones on demand), who is typing, and
 * the composer, or, when the member may not write here now, why not. Read while open and visible;
 * "Delete conversation" (asked first) takes it off the member's list.
 */
export function ThreadConversation({
  threadId,
  viewerId,
  language,
  typing,
  initialFocus,
  onClosed,
}: ThreadConversationProps) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const heading = useRef<HTMLHeadingElement>(null);
  const conversation = useInfiniteQuery(threadQueryOptions(threadId));
  const { pending, send } = useOutbox({ threadId }, viewerId);
  const signalTyping = useTypingSignal(threadId);
  const [confirming, setConfirming] = useState(false);

  const first = conversation.data?.pages[0];
  const thread = first?.thread;
  const messages = oldestFirst(conversation.data?.pages ?? []);
  const newestIncoming = messages.findLast((message) => message.senderId !== viewerId);
  const ready = thread !== undefined;
  // Nothing from the others yet: nothing to mark read (0 is below every message id).
  useMarkRead(threadId, ready ? (newestIncoming?.id ?? 0) : undefined, thread?.unreadCount);

  // Opening a conversation moves the focus to its heading, once it says who it is with.
  const focusedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!ready && !conversation.isError) return;
    if (focusedFor.current === threadId) return;
    focusedFor.current = threadId;
    if (initialFocus === 'heading' || !ready) heading.current?.focus();
  }, [threadId, ready, conversation.isError, initialFocus]);

  const remove = useMutation({
    mutationFn: () => deleteThread(threadId),
    onSuccess: () => {
      setConfirming(false);
      queryClient.removeQueries({ queryKey: chatKeys.thread(threadId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.inboxes() });
      showSnackbar({ message: t('conversation.deleted') });
      onClosed();
    },
    onError: (error) => {
      setConfirming(false);
      showSnackbar({ message: errorText(error, t('conversation.deleteFailed')), color: 'error' });
    },
  });

  if (!thread) {
    const notFound = conversation.error instanceof ApiError && conversation.error.status === 404;
    return (
      <ConversationFrame
        language={language}
        headingRef={heading}
        title={conversation.isError ? t('conversation.unavailable') : t('conversation.title')}
      >
        <Typography role="status" sx={conversation.isError ? { color: 'error.main' } : undefined}>
          {conversation.isPending
            ? t('conversation.loading')
            : notFound
              ? t('conversation.notFound')
              : t('conversation.loadFailed')}
        </Typography>
      </ConversationFrame>
    );
  }

  const names = thread.participants.map(memberName);
  const title = names.length > 0 ? joinNames(names, language) : t('message.formerMember');
  const only = thread.participants.length === 1 ? thread.participants[0] : undefined;

  return (
    <ConversationFrame
      language={language}
      headingRef={heading}
      title={title}
      avatarUrl={thread.participants[0]?.avatarUrl ?? null}
      actions={
        <>
          {only ? (
            <TextLink
              to="/$lang/profile/$nickname"
              params={{ lang: language, nickname: only.nickname }}
            >
              {t('conversation.profile', { name: memberName(only) })}
            </TextLink>
          ) : null}
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {t('conversation.delete')}
          </Button>
        </>
      }
    >
      <MessageList
        messages={messages}
        pending={pending}
        viewerId={viewerId}
        participants={thread.participants}
        readMarkers={first.readMarkers}
        language={language}
        label={t('conversation.messagesWith', { names: title })}
        emptyText={t('conversation.empty')}
        hasOlder={conversation.hasNextPage}
        loadingOlder={conversation.isFetchingNextPage}
        onLoadOlder={() => void conversation.fetchNextPage()}
      />
      <TypingNote typing={typing[threadId] ?? []} language={language} />
      {thread.canReply ? (
        <MessageComposer
          onSend={send}
          onTyping={signalTyping}
          focusOnShow={initialFocus === 'composer'}
        />
      ) : (
        <Typography
          role="note"
          sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}
        >
          {t('conversation.cannotReply')}
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('conversation.confirmDelete.title')}
        text={t('conversation.confirmDelete.text', { names: title })}
        confirmLabel={t('conversation.confirmDelete.confirm')}
        cancelLabel={t('conversation.confirmDelete.cancel')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </ConversationFrame>
  );
}
