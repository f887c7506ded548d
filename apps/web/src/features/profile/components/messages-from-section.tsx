import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES_FROM } from '@attune/contract';
import {
  messageSettingsQueryOptions,
  updateMessageSettings,
} from '../../../lib/api/message-settings';
import { ChoiceSettingSection } from './choice-setting-section';

/**
 * Who may start a conversation with the member (their connections by default, also members who
 * share a group, or every member), next to who may send them connection requests.
 */
export function MessagesFromSection() {
  const queryClient = useQueryClient();
  const settings = useQuery(messageSettingsQueryOptions());
  return (
    <ChoiceSettingSection
      id="settings-messages-from"
      radioId="messages-from"
      texts="messagesFrom"
      options={MESSAGES_FROM}
      hintFor="shared_group"
      stored={{
        value: settings.data?.messagesFrom,
        isPending: settings.isPending,
        isError: settings.isError,
      }}
      save={async (value) => {
        const answer = await updateMessageSettings(value);
        queryClient.setQueryData(messageSettingsQueryOptions().queryKey, {
          messagesFrom: answer.messagesFrom,
        });
      }}
    />
  );
}
