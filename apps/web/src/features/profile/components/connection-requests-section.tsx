import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONNECTION_REQUESTS_FROM } from '@attune/contract';
import { requestSettingsQueryOptions, updateRequestSettings } from '../../../lib/api/connections';
import { ChoiceSettingSection } from './choice-setting-section';

/**
 * Who may send the member connection requests (everyone, members who share a group, nobody),
 * saved with the section's own button like the rest of the page.
 */
export function ConnectionRequestsSection() {
  const queryClient = useQueryClient();
  const settings = useQuery(requestSettingsQueryOptions());
  return (
    <ChoiceSettingSection
      id="settings-requests"
      radioId="connection-requests-from"
      texts="connectionRequests"
      options={CONNECTION_REQUESTS_FROM}
      hintFor="shared_group"
      stored={{
        value: settings.data?.requestsFrom,
        isPending: settings.isPending,
        isError: settings.isError,
      }}
      save={async (value) => {
        const answer = await updateRequestSettings(value);
        queryClient.setQueryData(requestSettingsQueryOptions().queryKey, {
          requestsFrom: answer.requestsFrom,
        });
      }}
    />
  );
}
