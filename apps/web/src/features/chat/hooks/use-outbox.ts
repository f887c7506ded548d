import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatImage, SendMessageOutput } from '@attune/contract';
import {
  chatKeys,
  sendMessage,
  withMessage,
  type CachedMessage,
  type ThreadData,
} from '../../../lib/api/chat';

/** A message the member wrote: its text, image and the client id that keeps a retry single. */
export interface Draft {
  clientId: string;
  text: string;
  image: ChatImage | null;
}

/** Where a message goes: into a conversation, or to a member (the first message starts one). */
export type SendTarget = { threadId: number } | { recipientId: number };

/**
 * Sending: each message shows as "Sending…" (`pending`) until the server took it (201); then it
 * joins the cached conversation with its id, so it stays put whether or not the socket echoes it
 * (the echo replaces it: same id). An echo that comes before the answer carries the draft's client
 * id, and the list shows the message once (`unsentDrafts`). A failed send leaves the list and rejects, so the composer can
 * put the text back with the reason.
 */
export function useOutbox(target: SendTarget, viewerId: number) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Draft[]>([]);
  const threadId = 'threadId' in target ? target.threadId : undefined;
  const recipientId = 'recipientId' in target ? target.recipientId : undefined;

  const send = useCallback(
    async (draft: Draft): Promise<SendMessageOutput> => {
      setPending((list) => [...list.filter((one) => one.clientId !== draft.clientId), draft]);
      try {
        const answer = await sendMessage({
          ...(threadId !== undefined ? { thread_id: threadId } : { recipients: [recipientId!] }),
          message: draft.text,
          ...(draft.image ? { image: draft.image } : {}),
          client_id: draft.clientId,
        });
        queryClient.setQueryData<ThreadData>(chatKeys.thread(answer.thread_id), (data) =>
          withMessage(data, {
            id: answer.id,
            threadId: answer.thread_id,
            senderId: viewerId,
            text: draft.text,
            image: draft.image,
            automatic: false,
            createdAt: new Date().toISOString(),
            clientId: draft.clientId,
          }),
        );
        void queryClient.invalidateQueries({ queryKey: chatKeys.inboxes() });
        return answer;
      } finally {
        setPending((list) => list.filter((one) => one.clientId !== draft.clientId));
      }
    },
    [queryClient, threadId, recipientId, viewerId],
  );

  return { pending, send };
}

/** The drafts not yet in the conversation: one whose message arrived (by its client id) is not. */
export function unsentDrafts(
  pending: readonly Draft[],
  messages: readonly CachedMessage[],
): Draft[] {
  if (pending.length === 0) return [];
  const arrived = new Set(
    messages.flatMap((message) => (message.clientId ? [message.clientId] : [])),
  );
  return pending.filter((draft) => !arrived.has(draft.clientId));
}
