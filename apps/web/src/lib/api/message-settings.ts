/**
 * "Who may message me" (step 8, decision 0045): `GET|PATCH /api/messages/settings`. Apart from the
 * chat page's calls, so the settings page loads none of the chat.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ChatSettings, MessagesFrom } from '@attune/contract';
import { authed } from './profile';

/** Query keys of the message settings (not under `['chat']`: a resync need not reload them). */
export const messageSettingsKeys = {
  all: ['message-settings'] as const,
};

/** `GET /api/messages/settings`: who may start a conversation with the viewer. */
export const messageSettingsQueryOptions = () =>
  queryOptions({
    queryKey: messageSettingsKeys.all,
    queryFn: () => authed<ChatSettings>('messages/settings'),
  });

/** `PATCH /api/messages/settings`: the viewer's new choice, as the server stored it. */
export const updateMessageSettings = (messagesFrom: MessagesFrom) =>
  authed<ChatSettings & { message: string }>('messages/settings', {
    method: 'PATCH',
    body: { messagesFrom },
  });
