import {
  NOTIFICATION_PREFERENCE_DEFAULTS,
  type NotificationPreferenceKey,
  type NotificationPreferences,
} from '@attune/contract';
import type { Tx } from '../../db/client';
import * as repository from './repository';

/** Every setting, with the member's choice where they made one and the default otherwise. */
export async function getPreferences(db: Tx, userId: number): Promise<NotificationPreferences> {
  const chosen = await repository.listPreferences(db, userId);
  const preferences: NotificationPreferences = { ...NOTIFICATION_PREFERENCE_DEFAULTS };
  for (const row of chosen) {
    if (row.key in preferences) preferences[row.key as NotificationPreferenceKey] = row.enabled;
  }
  return preferences;
}

export async function setPreference(
  db: Tx,
  userId: number,
  key: NotificationPreferenceKey,
  value: boolean,
) {
  await repository.setPreference(db, userId, key, value);
  return getPreferences(db, userId);
}
