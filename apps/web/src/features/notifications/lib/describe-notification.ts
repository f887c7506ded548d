import type { TFunction } from 'i18next';
import type { Language, NotificationOutput } from '@attune/contract';

/** Where a notification leads: a page of the app, as a router link's `to`, `params` and `search`. */
export type NotificationTarget =
  | { to: '/$lang/connections'; params: { lang: Language } }
  | { to: '/$lang/profile/$nickname'; params: { lang: Language; nickname: string } }
  | { to: '/$lang/post/$slug'; params: { lang: Language; slug: string } }
  | {
      to: '/$lang/groups/$group';
      params: { lang: Language; group: string };
      search: { tab?: 'manage' };
    };

export interface NotificationDescription {
  /** One whole sentence in the member's language, naming who did what to which post or group. */
  text: string;
  /** Where it leads; null when what it is about is no longer available. */
  target: NotificationTarget | null;
}

/** Who did it, by the name members see; "A member" when their account is gone or blocked. */
export function actorName(
  actor: NotificationOutput['actor'],
  t: TFunction<'notifications'>,
): string {
  return actor?.nickname.trim() || actor?.name.trim() || t('someone');
}

/**
 * What a notification says and where it leads (step 8). Each kind is one whole sentence per
 * language (never joined from parts); when the post or group it is about is gone or may no longer
 * be read, the sentence says so and there is no link.
 */
export function describeNotification(
  notification: NotificationOutput,
  t: TFunction<'notifications'>,
  language: Language,
): NotificationDescription {
  const actor = actorName(notification.actor, t);
  const { post, group } = notification;
  const toPost = (slug: string): NotificationTarget => ({
    to: '/$lang/post/$slug',
    params: { lang: language, slug },
  });
  const toGroup = (slug: string, manage = false): NotificationTarget => ({
    to: '/$lang/groups/$group',
    params: { lang: language, group: slug },
    search: manage ? { tab: 'manage' } : {},
  });
  const connections: NotificationTarget = {
    to: '/$lang/connections',
    params: { lang: language },
  };

  switch (notification.kind) {
    case 'friend_request':
      return { text: t('kinds.friend_request.text', { actor }), target: connections };
    case 'friend_accepted': {
      const nickname = notification.actor?.nickname.trim();
      return {
        text: t('kinds.friend_accepted.text', { actor }),
        // Without a profile to open, the member's connections show the new one.
        target: nickname
          ? { to: '/$lang/profile/$nickname', params: { lang: language, nickname } }
          : connections,
      };
    }
    // What became of a request or a connection: the connections page shows where things stand.
    case 'friend_request_declined':
    case 'friend_request_withdrawn':
    case 'connection_ended':
      return { text: t(`kinds.${notification.kind}.text`, { actor }), target: connections };
    case 'comment_on_my_post':
      return post
        ? {
            text: t('kinds.comment_on_my_post.text', { actor, title: post.title }),
            target: toPost(post.slug),
          }
        : { text: t('kinds.comment_on_my_post.gone', { actor }), target: null };
    case 'reply_to_my_comment':
      return post
        ? {
            text: t('kinds.reply_to_my_comment.text', { actor, title: post.title }),
            target: toPost(post.slug),
          }
        : { text: t('kinds.reply_to_my_comment.gone', { actor }), target: null };
    case 'mention':
      return post
        ? { text: t('kinds.mention.text', { actor, title: post.title }), target: toPost(post.slug) }
        : { text: t('kinds.mention.gone', { actor }), target: null };
    case 'answer_accepted':
      return post
        ? {
            text: t('kinds.answer_accepted.text', { actor, title: post.title }),
            target: toPost(post.slug),
          }
        : { text: t('kinds.answer_accepted.gone', { actor }), target: null };
    case 'group_membership_request':
      return group
        ? {
            text: t('kinds.group_membership_request.text', { actor, name: group.name }),
            target: toGroup(group.slug, true),
          }
        : { text: t('kinds.group_membership_request.gone', { actor }), target: null };
    case 'group_membership_accepted':
      return group
        ? {
            text: t('kinds.group_membership_accepted.text', { name: group.name }),
            target: toGroup(group.slug),
          }
        : { text: t('kinds.group_membership_accepted.gone'), target: null };
    case 'group_post':
      if (post && group)
        return {
          text: t('kinds.group_post.text', { actor, title: post.title, name: group.name }),
          target: toPost(post.slug),
        };
      if (post)
        return {
          text: t('kinds.group_post.noGroup', { actor, title: post.title }),
          target: toPost(post.slug),
        };
      if (group)
        return { text: t('kinds.group_post.gone', { actor, name: group.name }), target: null };
      return { text: t('kinds.group_post.allGone', { actor }), target: null };
  }
}
