/**
 * Chat calls (step 8, decision 0045): the inbox and a conversation page by page, sending (with a
 * `client_id` so a retry stores the message once), marking read and leaving a conversation. Every
 * key starts with `['chat']`: the live socket invalidates that prefix when it had to resync. The
 * pure `with…` helpers below put what the socket brings into the cached pages.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  ChatMessage,
  ChatReadMarker,
  ChatThread,
  InboxOutput,
  LiveCounts,
  MessageOutput,
  PublicProfile,
  SendMessageInput,
  SendMessageOutput,
  ThreadOutput,
} from '@attune/contract';
import { liveKeys } from '../live-counts';
import { authed, authedUpload } from './profile';
import { getConfig, joinUrl } from '../config';
import { ApiError } from '../rest-client';

/** Query keys of the chat; `chatKeys.all` is what a resync invalidates. */
export const chatKeys = {
  all: ['chat'] as const,
  /** Every inbox list, whatever its search. */
  inboxes: () => [...chatKeys.all, 'inbox'] as const,
  inbox: (search: string) => [...chatKeys.inboxes(), search] as const,
  threads: () => [...chatKeys.all, 'thread'] as const,
  thread: (threadId: number) => [...chatKeys.threads(), threadId] as const,
  /** A member one starts a conversation with (`?to=`). */
  member: (memberId: number) => [...chatKeys.all, 'member', memberId] as const,
};

export type InboxData = InfiniteData<InboxOutput, string | undefined>;
export type ThreadData = InfiniteData<ThreadOutput, string | undefined>;

const withCursor = (path: string, values: Record<string, string | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
};

/** `GET /api/messages?search=&cursor=`: the member's conversations, latest first, 10 a page. */
export const inboxQueryOptions = (search = '') =>
  infiniteQueryOptions({
    queryKey: chatKeys.inbox(search.trim()),
    queryFn: ({ pageParam }) =>
      authed<InboxOutput>(withCursor('messages', { search: search.trim(), cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The socket says when something changes; coming back after a while reads it again anyway.
    staleTime: 30_000,
  });

/**
 * `GET /api/messages/{threadId}?cursor=`: the conversation and its messages, newest first, 30 a
 * page (later pages are older). A conversation the member is not in answers 404 (an ApiError).
 */
export const threadQueryOptions = (threadId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.thread(threadId),
    queryFn: ({ pageParam }) =>
      authed<ThreadOutput>(withCursor(`messages/${threadId}`, { cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 30_000,
    // Not found is an answer, not a hiccup to try again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

/** `GET /api/user?id=`: the member a new conversation is for, or null when there is none. */
export const chatMemberQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: chatKeys.member(memberId),
    queryFn: async () => {
      try {
        return await authed<PublicProfile>(`user?id=${memberId}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** `POST /api/social/messages`: a message into a thread, or to members (a new conversation). */
export const sendMessage = (input: SendMessageInput) =>
  authed<SendMessageOutput>('social/messages', { method: 'POST', body: input });

/** `POST /api/messages/{threadId}/read`: everything in the conversation counts as read. */
export const markThreadRead = (threadId: number) =>
  authed<{ threadId: number; lastReadMessageId: number; totalUnread: number }>(
    `messages/${threadId}/read`,
    { method: 'POST' },
  );

/** `DELETE /api/messages/{threadId}`: gone from the member's inbox until someone writes again. */
export const deleteThread = (threadId: number) =>
  authed<MessageOutput>(`messages/${threadId}`, { method: 'DELETE' });

/**
 * `POST /api/media` (the endpoint the post composer uses too): an image for a message, re-encoded
 * by the server; its address and size, which the message carries.
 */
export async function uploadChatImage(file: Blob, filename: string) {
  const body = (await authedUpload(joinUrl(getConfig().restUrl, 'media'), () => {
    const form = new FormData();
    form.append('file', file, filename);
    return form;
  })) as { url?: string; width?: number; height?: number };
  if (!body?.url || !body.width || !body.height) throw new ApiError('unknown_error', 200, '');
  return { url: body.url, width: body.width, height: body.height };
}

/** A client id for `client_id`: 32 letters and digits, the same on every retry of one message. */
export function newClientId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** The cached conversation with `message` in it, once (an id already there is replaced). */
/**
 * A message as the cache may hold it: with the sender's `client_id` when this device sent it or its
 * live echo named it, so the "Sending…" copy of it can step aside at once.
 */
export type CachedMessage = ChatMessage & { clientId?: string };

export function withMessage(data: ThreadData | undefined, message: CachedMessage) {
  if (!data || data.pages.length === 0) return data;
  const holder = data.pages.findIndex((page) => page.messages.some((one) => one.id === message.id));
  const pages = data.pages.map((page, index) => {
    if (holder >= 0 && index === holder)
      return {
        ...page,
        messages: page.messages.map((one) => (one.id === message.id ? message : one)),
      };
    // Newest first: a live message goes before the others, in id order should two cross.
    if (holder < 0 && index === 0)
      return { ...page, messages: [...page.messages, message].sort((a, b) => b.id - a.id) };
    return page;
  });
  return { ...data, pages };
}

/** The cached conversation with a participant's read marker moved forward (never back). */
export function withReadMarker(data: ThreadData | undefined, marker: ChatReadMarker) {
  if (!data || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  const others = first!.readMarkers.filter((one) => one.userId !== marker.userId);
  const before = first!.readMarkers.find((one) => one.userId === marker.userId);
  const lastReadMessageId = Math.max(before?.lastReadMessageId ?? 0, marker.lastReadMessageId);
  const readMarkers = [...others, { userId: marker.userId, lastReadMessageId }];
  return { ...data, pages: [{ ...first!, readMarkers }, ...rest] };
}

/**
 * The cached conversation (and its inbox entries) read by the viewer: no unread count left; the
 * header's count takes the server's new total at once (its `counts` event follows).
 */
export function applyThreadRead(queryClient: QueryClient, threadId: number, totalUnread: number) {
  queryClient.setQueryData<LiveCounts>(liveKeys.counts(), (counts) =>
    counts ? { ...counts, messagesUnread: totalUnread } : counts,
  );
  queryClient.setQueryData<ThreadData>(chatKeys.thread(threadId), (data) =>
    data && data.pages.length > 0
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            thread: { ...page.thread, unreadCount: 0 },
          })),
        }
      : data,
  );
  queryClient.setQueriesData<InboxData>({ queryKey: chatKeys.inboxes() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            totalUnread,
            items: page.items.map((item) =>
              item.id === threadId ? { ...item, unreadCount: 0 } : item,
            ),
          })),
        }
      : data,
  );
}

/** Every conversation the cached inbox lists hold, for a name lookup (first found wins). */
export function cachedThread(queryClient: QueryClient, threadId: number): ChatThread | undefined {
  const thread = queryClient.getQueryData<ThreadData>(chatKeys.thread(threadId))?.pages[0]?.thread;
  if (thread) return thread;
  for (const [, data] of queryClient.getQueriesData<InboxData>({ queryKey: chatKeys.inboxes() })) {
    const found = data?.pages.flatMap((page) => page.items).find((item) => item.id === threadId);
    if (found) return found;
  }
  return undefined;
}
