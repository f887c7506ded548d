import { beforeEach, describe, expect, it } from 'vitest';
import type { NotificationKind, NotificationOutput } from '@attune/contract';
import { applyLanguage, i18n } from '../../../lib/i18n';
import { describeNotification } from './describe-notification';
import { notificationFixture } from '../../../test/notification-fixtures';

beforeEach(async () => {
  await applyLanguage('en');
});

const en = () => i18n.getFixedT('en', 'notifications');
const describeIn = (notification: NotificationOutput) =>
  describeNotification(notification, en(), 'en');

const post = { id: 5, slug: 'first-weeks-with-my-ci', title: 'First weeks with my CI' };
const group = { id: 7, slug: 'tinnitus-talk', name: 'Tinnitus talk' };

describe('describeNotification', () => {
  const cases: {
    kind: NotificationKind;
    text: string;
    target: ReturnType<typeof describeIn>['target'];
  }[] = [
    {
      kind: 'friend_request',
      text: 'Anna Huber asked to connect with you.',
      target: { to: '/$lang/connections', params: { lang: 'en' } },
    },
    {
      kind: 'friend_accepted',
      text: 'Anna Huber accepted your connection request.',
      target: { to: '/$lang/profile/$nickname', params: { lang: 'en', nickname: 'Anna Huber' } },
    },
    {
      kind: 'friend_request_declined',
      text: 'Anna Huber did not accept your connection request.',
      target: { to: '/$lang/connections', params: { lang: 'en' } },
    },
    {
      kind: 'friend_request_withdrawn',
      text: 'Anna Huber withdrew their connection request to you.',
      target: { to: '/$lang/connections', params: { lang: 'en' } },
    },
    {
      kind: 'connection_ended',
      text: 'Anna Huber ended your connection.',
      target: { to: '/$lang/connections', params: { lang: 'en' } },
    },
    {
      kind: 'comment_on_my_post',
      text: 'Anna Huber commented on your post “First weeks with my CI”.',
      target: { to: '/$lang/post/$slug', params: { lang: 'en', slug: post.slug } },
    },
    {
      kind: 'reply_to_my_comment',
      text: 'Anna Huber replied to your comment on “First weeks with my CI”.',
      target: { to: '/$lang/post/$slug', params: { lang: 'en', slug: post.slug } },
    },
    {
      kind: 'mention',
      text: 'Anna Huber mentioned you in “First weeks with my CI”.',
      target: { to: '/$lang/post/$slug', params: { lang: 'en', slug: post.slug } },
    },
    {
      kind: 'answer_accepted',
      text: 'Anna Huber accepted your answer to “First weeks with my CI”.',
      target: { to: '/$lang/post/$slug', params: { lang: 'en', slug: post.slug } },
    },
    {
      kind: 'group_membership_request',
      text: 'Anna Huber asks to join your group “Tinnitus talk”.',
      target: {
        to: '/$lang/groups/$group',
        params: { lang: 'en', group: group.slug },
        search: { tab: 'manage' },
      },
    },
    {
      kind: 'group_membership_accepted',
      text: 'Your request to join “Tinnitus talk” was accepted.',
      target: { to: '/$lang/groups/$group', params: { lang: 'en', group: group.slug }, search: {} },
    },
    {
      kind: 'group_post',
      text: 'Anna Huber posted “First weeks with my CI” in “Tinnitus talk”.',
      target: { to: '/$lang/post/$slug', params: { lang: 'en', slug: post.slug } },
    },
  ];

  for (const { kind, text, target } of cases) {
    it(`says what happened and where to go for ${kind}`, () => {
      expect(describeIn(notificationFixture({ kind, post, group }))).toEqual({ text, target });
    });
  }

  it('tells what became of a connection in German and Spanish too', async () => {
    const said = async (language: 'de' | 'es', kind: NotificationKind) => {
      await applyLanguage(language);
      return describeNotification(
        notificationFixture({ kind }),
        i18n.getFixedT(language, 'notifications'),
        language,
      ).text;
    };
    expect(await said('de', 'friend_request_declined')).toBe(
      'Anna Huber hat Ihre Kontaktanfrage nicht angenommen.',
    );
    expect(await said('de', 'connection_ended')).toBe(
      'Anna Huber hat die Verbindung mit Ihnen beendet.',
    );
    expect(await said('es', 'friend_request_withdrawn')).toBe(
      'Anna Huber ha retirado su solicitud de contacto.',
    );
  });

  it('says "A member" when the actor is gone or blocked', () => {
    expect(
      describeIn(notificationFixture({ kind: 'comment_on_my_post', actor: null, post })).text,
    ).toBe('A member commented on your post “First weeks with my CI”.');
    // Without a profile to open, an accepted request leads to the member's connections.
    expect(describeIn(notificationFixture({ kind: 'friend_accepted', actor: null }))).toEqual({
      text: 'A member accepted your connection request.',
      target: { to: '/$lang/connections', params: { lang: 'en' } },
    });
  });

  it('names the actor by their first name when they have no display name', () => {
    const actor = { id: 3, nickname: '', name: 'Anna', avatarUrl: null };
    expect(describeIn(notificationFixture({ kind: 'mention', actor, post })).text).toBe(
      'Anna mentioned you in “First weeks with my CI”.',
    );
  });

  it('says when the post is no longer available, and gives no link', () => {
    const gone: [NotificationKind, string][] = [
      [
        'comment_on_my_post',
        'Anna Huber commented on one of your posts. That post is no longer available.',
      ],
      [
        'reply_to_my_comment',
        'Anna Huber replied to one of your comments. That post is no longer available.',
      ],
      ['mention', 'Anna Huber mentioned you in a post that is no longer available.'],
      [
        'answer_accepted',
        'Anna Huber accepted one of your answers. That question is no longer available.',
      ],
      ['group_post', 'Anna Huber wrote in “Tinnitus talk”. That post is no longer available.'],
    ];
    for (const [kind, text] of gone)
      expect(describeIn(notificationFixture({ kind, post: null, group }))).toEqual({
        text,
        target: null,
      });
  });

  it('says when the group is no longer available, and gives no link', () => {
    expect(
      describeIn(notificationFixture({ kind: 'group_membership_request', group: null })),
    ).toEqual({
      text: 'Anna Huber asked to join one of your groups. That group is no longer available.',
      target: null,
    });
    expect(
      describeIn(notificationFixture({ kind: 'group_membership_accepted', group: null })),
    ).toEqual({
      text: 'Your request to join a group was accepted. That group is no longer available.',
      target: null,
    });
    expect(
      describeIn(notificationFixture({ kind: 'group_post', post: null, group: null })),
    ).toEqual({
      text: 'Anna Huber wrote in one of your groups. That post is no longer available.',
      target: null,
    });
    // The post is still there: it is named and linked, the group is not.
    expect(describeIn(notificationFixture({ kind: 'group_post', post, group: null }))).toEqual({
      text: 'Anna Huber posted “First weeks with my CI” in one of your groups.',
      target: { to: '/$lang/post/$slug', params: { lang: 'en', slug: post.slug } },
    });
  });

  it('speaks German with "Sie" and Spanish with "usted"', async () => {
    await applyLanguage('de');
    const de = describeNotification(
      notificationFixture({ kind: 'comment_on_my_post', actor: null, post }),
      i18n.getFixedT('de', 'notifications'),
      'de',
    );
    expect(de.text).toBe('Ein Mitglied hat Ihren Beitrag „First weeks with my CI“ kommentiert.');
    expect(de.target).toEqual({
      to: '/$lang/post/$slug',
      params: { lang: 'de', slug: post.slug },
    });
    await applyLanguage('es');
    expect(
      describeNotification(
        notificationFixture({ kind: 'friend_request' }),
        i18n.getFixedT('es', 'notifications'),
        'es',
      ).text,
    ).toBe('Anna Huber le pide conectar con usted.');
  });
});
