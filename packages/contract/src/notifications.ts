import { z } from 'zod';
import { NOTIFICATION_KINDS } from './connections';

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

/**
 * What happened to the member (step 8 starts here, decision 0044): `GET /api/notifications` and
 * `GET /api/notification/notifications`, `GET /api/notifications/count`,
 * `POST /api/notifications/read`. What each notice points at is named so the web can say it and
 * link to it; a post the member may no longer read is null.
 */
export const NotificationOutput = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  createdAt: z.string(),
  /** Who did it; null when their account is gone or they are blocked either way. */
  actor: z
    .object({
      id: z.number().int(),
      nickname: z.string(),
      name: z.string(),
      avatarUrl: z.string().nullable(),
    })
    .nullable(),
  post: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable(),
  group: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  commentId: z.number().int().nullable(),
});
export type NotificationOutput = z.infer<typeof NotificationOutput>;

export const NotificationListQuery = z.object({ cursor: z.string().max(100).optional() });

export const NotificationListOutput = z.object({
  items: z.array(NotificationOutput),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationListOutput = z.infer<typeof NotificationListOutput>;

/** Marks these notifications of the member read, or all of them without `ids`. */
export const NotificationReadInput = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(100).optional(),
});
export type NotificationReadInput = z.infer<typeof NotificationReadInput>;

export const NotificationCountOutput = z.object({ unreadCount: z.number().int() });
export type NotificationCountOutput = z.infer<typeof NotificationCountOutput>;

/** Notifications per page of the list. */
export const NOTIFICATION_PAGE_SIZE = 20;
