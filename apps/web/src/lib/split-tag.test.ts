import { describe, expect, it } from 'vitest';
import { splitTag } from './split-tag';

describe('splitTag', () => {
  it('splits a text around its tag', () => {
    expect(splitTag('Write to <mail>a@b.example</mail>. Thanks!', 'mail')).toEqual({
      before: 'Write to ',
      inside: 'a@b.example',
      after: '. Thanks!',
    });
  });

  it('handles a tag at either end', () => {
    expect(splitTag('<mail>x</mail>', 'mail')).toEqual({ before: '', inside: 'x', after: '' });
  });

  it('gives null without the tag, with another tag or with an unclosed one', () => {
    expect(splitTag('No link here.', 'mail')).toBeNull();
    expect(splitTag('A <link>x</link>', 'mail')).toBeNull();
    expect(splitTag('Broken <mail>x', 'mail')).toBeNull();
  });
});
