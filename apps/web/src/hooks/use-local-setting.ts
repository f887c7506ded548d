import { useCallback, useSyncExternalStore } from 'react';
import {
  readLocalSetting,
  subscribeLocalSettings,
  writeLocalSetting,
  type ClientSettings,
} from '../lib/local-settings';

/** One client setting from local storage, kept in sync, with its setter. */
export function useLocalSetting<K extends keyof ClientSettings>(
  key: K,
): [ClientSettings[K], (value: ClientSettings[K]) => void] {
  const value = useSyncExternalStore(subscribeLocalSettings, () => readLocalSetting(key));
  const setValue = useCallback((next: ClientSettings[K]) => writeLocalSetting(key, next), [key]);
  return [value, setValue];
}
