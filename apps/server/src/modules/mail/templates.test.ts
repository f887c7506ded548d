import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@attune/contract';
import { renderMail } from './templates';
import { retryDelaySeconds } from './worker';

describe('mail templates', () => {
  it.each(LANGUAGES)('renders every mail in %s with the code in subject and body', (language) => {
    const mail = renderMail(language, { kind: 'sign-up-code', code: '042917', minutes: 10 });
    expect(mail.subject).toContain('042917');
    expect(mail.text).toContain('042917');
    expect(mail.html).toContain(`lang="${language}"`);
    for (const kind of [
      'already-registered',
      'reset-code',
      'no-account',
      'password-changed',
      'email-change-code',
      'email-changed',
    ] as const) {
      const other = renderMail(language, {
        kind,
        code: '111111',
        minutes: 10,
        loginUrl: 'u',
        recoverUrl: 'r',
        signUpUrl: 'https://attune.test/register',
        supportEmail: 's@x',
        newEmail: 'n***@example.com',
      } as never);
      expect(other.subject.length).toBeGreaterThan(5);
      if (kind === 'no-account') expect(other.text).toContain('https://attune.test/register');
      if (kind === 'email-change-code') expect(other.subject).toContain('111111');
      if (kind === 'email-changed') expect(other.text).toContain('n***@example.com');
    }
  });

  it.each(LANGUAGES)('names the member and links the connections page in %s', (language) => {
    for (const kind of ['friend-request', 'friend-accepted'] as const) {
      const mail = renderMail(language, { kind, name: 'Zoë <b>', url: 'https://a.test/x' });
      expect(mail.subject).toContain('Zoë <b>');
      expect(mail.text).toContain('https://a.test/x');
      expect(mail.html).toContain('Zoë &lt;b&gt;');
    }
  });

  it.each(LANGUAGES)(
    'says in %s, in its own words, that a request was declined or withdrawn or a connection ended',
    (language) => {
      const subjects = new Set<string>();
      for (const event of ['declined', 'withdrawn', 'ended'] as const) {
        const mail = renderMail(language, {
          kind: 'connection-change',
          event,
          name: 'Zoë <b>',
          url: 'https://a.test/x/connections',
        });
        expect(mail.subject).toContain('Zoë <b>');
        expect(mail.text).toContain('https://a.test/x/connections');
        expect(mail.html).toContain('Zoë &lt;b&gt;');
        expect(mail.html).toContain(`lang="${language}"`);
        subjects.add(mail.subject);
      }
      expect(subjects.size).toBe(3);
    },
  );

  it.each(LANGUAGES)(
    'names who commented, replied or mentioned, and the post, without its text, in %s',
    (language) => {
      const subjects = new Set<string>();
      for (const event of ['comment', 'reply', 'mention'] as const) {
        const mail = renderMail(language, {
          kind: 'comment',
          event,
          name: 'Zoë <b>',
          title: 'Mein Weg <i>',
          url: 'https://a.test/de/post/mein-weg',
        });
        expect(mail.subject).toContain('Zoë <b>');
        expect(mail.subject).toContain('Mein Weg <i>');
        expect(mail.text).toContain('https://a.test/de/post/mein-weg');
        expect(mail.html).toContain('Mein Weg &lt;i&gt;');
        subjects.add(mail.subject);
      }
      // Each event says what happened in its own words.
      expect(subjects.size).toBe(3);
    },
  );

  it('escapes HTML', () => {
    const mail = renderMail('en', { kind: 'password-changed', supportEmail: '<script>@x' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});
