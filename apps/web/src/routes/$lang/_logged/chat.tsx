import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { ChatScreen } from '../../../features/chat/components/chat-screen';
import { inboxQueryOptions, threadQueryOptions } from '../../../lib/api/chat';
import { loadNamespaces } from '../../../lib/i18n';
import {
  checkChat,
  checkConnection,
  checkGroup,
  checkNotification,
} from '../../../lib/route-checks';

/** A positive whole number from the address, or undefined. */
const idParam = (value: unknown): number | undefined => {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
};

interface ChatSearch {
  /** The open conversation. */
  thread?: number;
  /** A member to write to (their id): the first message starts the conversation. */
  to?: number;
}

/**
 * `/{lang}/chat` (spec §2: chat; auth runs in the logged layout; checks: connection, group,
 * notification, chat):
 * the conversations, `?thread=<id>` opens one, `?to=<member id>` starts one with that member.
 */
export const Route = createFileRoute('/$lang/_logged/chat')({
  validateSearch: (search: Record<string, unknown>): ChatSearch => {
    const thread = idParam(search.thread);
    if (thread !== undefined) return { thread };
    const to = idParam(search.to);
    return to === undefined ? {} : { to };
  },
  loaderDeps: ({ search }) => ({ thread: search.thread }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      checkConnection(context),
      checkGroup(context),
      checkNotification(context),
      checkChat(context),
      loadNamespaces(['chat']),
      context.queryClient.ensureInfiniteQueryData(inboxQueryOptions()),
      // Opens with the conversation when it can; one that cannot be read says so on the page.
      deps.thread === undefined
        ? undefined
        : context.queryClient.prefetchInfiniteQuery(threadQueryOptions(deps.thread)),
    ]);
  },
  component: ChatPage,
});

function ChatPage() {
  const { language, viewer } = Route.useRouteContext();
  const { thread, to } = Route.useSearch();
  const navigate = Route.useNavigate();
  const handleStarted = useCallback(
    (threadId: number) =>
      void navigate({ search: { thread: threadId }, replace: true, resetScroll: false }),
    [navigate],
  );
  const handleClosed = useCallback(
    () => void navigate({ search: {}, resetScroll: false }),
    [navigate],
  );
  return (
    <ChatScreen
      language={language}
      viewerId={viewer.databaseId}
      threadId={thread}
      recipientId={to}
      onStarted={handleStarted}
      onClosed={handleClosed}
    />
  );
}
