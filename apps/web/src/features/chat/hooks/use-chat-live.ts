import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatMember, ChatMessage, ServerEvent } from '@attune/contract';
import {
  cachedThread,
  chatKeys,
  withMessage,
  withReadMarker,
  type ThreadData,
} from '../../../lib/api/chat';
import { useLiveEvent } from '../../../lib/live-socket';
import { memberName } from '../lib/message-view';

/** How long "Ana is typing…" shows after her last typing signal. */
export const TYPING_SHOWN_MS = 5_000;

/** Who is typing where: the member and until when it shows. */
export type TypingState = Record<number, { member: ChatMember; until: number }[]>;

interface ChatLiveOptions {
  viewerId: number;
  /** Says a new incoming message to screen readers ("New message from Ana: …"). */
  announce: (text: string) => void;
}

/**
 * The chat page's share of the live socket: a new message joins its conversation wherever that is
 * cached (a message already there by id is replaced, not doubled) and refreshes the inbox lists;
 * read markers move the receipts; typing signals show for a few seconds. Incoming messages are
 * announced politely.
 */
export function useChatLive({ viewerId, announce }: ChatLiveOptions): TypingState {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<TypingState>({});
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const stopTyping = useCallback((threadId: number, memberId: number) => {
    setTyping((state) => {
      const left = (state[threadId] ?? []).filter((one) => one.member.id !== memberId);
      return { ...state, [threadId]: left };
    });
  }, []);

  const describe = useCallback(
    (message: ChatMessage) => {
      const sender = cachedThread(queryClient, message.threadId)?.participants.find(
        (member) => member.id === message.senderId,
      );
      const text = message.text.trim() || (message.image ? t('message.image') : '');
      return sender
        ? t('live.newMessageFrom', { name: memberName(sender), text })
        : t('live.newMessage', { text });
    },
    [queryClient, t],
  );

  useLiveEvent((event: ServerEvent) => {
    switch (event.type) {
      case 'message.new': {
        const { message } = event;
        queryClient.setQueryData<ThreadData>(chatKeys.thread(event.threadId), (data) =>
          withMessage(data, event.clientId ? { ...message, clientId: event.clientId } : message),
        );
        void queryClient.invalidateQueries({ queryKey: chatKeys.inboxes() });
        if (message.senderId !== viewerId) {
          if (message.senderId !== null) stopTyping(event.threadId, message.senderId);
          announce(describe(message));
        }
        break;
      }
      case 'message.read':
        if (event.userId === viewerId) {
          // Read on another of the member's devices: the counts in the lists change.
          void queryClient.invalidateQueries({ queryKey: chatKeys.inboxes() });
          break;
        }
        queryClient.setQueryData<ThreadData>(chatKeys.thread(event.threadId), (data) =>
          withReadMarker(data, {
            userId: event.userId,
            lastReadMessageId: event.lastReadMessageId,
          }),
        );
        break;
      case 'typing': {
        if (event.member.id === viewerId) break;
        const until = Date.now() + TYPING_SHOWN_MS;
        setTyping((state) => ({
          ...state,
          [event.threadId]: [
            ...(state[event.threadId] ?? []).filter((one) => one.member.id !== event.member.id),
            { member: event.member, until },
          ],
        }));
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          setTyping((state) => ({
            ...state,
            [event.threadId]: (state[event.threadId] ?? []).filter((one) => one.until > Date.now()),
          }));
        }, TYPING_SHOWN_MS + 50);
        timers.current.add(timer);
        break;
      }
      default:
        break;
    }
  });

  return typing;
}
