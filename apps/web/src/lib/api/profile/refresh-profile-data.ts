import type { QueryClient } from '@tanstack/react-query';
import { profileKeys } from '.';
import { authKeys } from '../../viewer';

/**
 * Refreshes everything that shows the member after a save: their own profile, profile pages (the
 * nickname and avatar appear there) and the signed-in member in the header.
 */
export async function refreshProfileData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
    // Every profile page (the key's prefix); reference lists under profileKeys.all stay cached.
    queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'user'] }),
    queryClient.invalidateQueries({ queryKey: authKeys.viewer() }),
  ]);
}
