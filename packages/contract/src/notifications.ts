import { z } from 'zod';

/**
 * E-mail notification settings a member can switch (spec §3 leaves the names open). Defaults are
 * on, except the weekly digest, which a member asks for.
 */
export const NOTIFICATION_PREFERENCE_DEFAULTS = {
  new_message: true,
  friend_request: true,
  friend_accepted: true,
  comment_on_my_post: true,
  reply_to_my_comment: true,
  mention: true,
  group_membership_request: true,
  group_post: true,
  weekly_digest: false,
} as const;
export type NotificationPreferenceKey = keyof typeof NOTIFICATION_PREFERENCE_DEFAULTS;
export const NOTIFICATION_PREFERENCE_KEYS = Object.keys(NOTIFICATION_PREFERENCE_DEFAULTS) as [
  NotificationPreferenceKey,
  ...NotificationPreferenceKey[],
];

export const NotificationPreferences = z.record(z.enum(NOTIFICATION_PREFERENCE_KEYS), z.boolean());
export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;

export const NotificationPreferenceUpdateInput = z.object({
  key: z.enum(NOTIFICATION_PREFERENCE_KEYS),
  value: z.boolean(),
});
