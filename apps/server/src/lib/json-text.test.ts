import { describe, expect, it } from 'vitest';
import { joinKept, keptBytes } from './json-text';

describe('bytes kept in caches', () => {
  it('writes the text as UTF-8, accents and all, in memory of its own', () => {
    const bytes = keptBytes('{"name":"José Müller"}');
    expect(bytes.toString('utf8')).toBe('{"name":"José Müller"}');
    // Not a slice of Node's shared pool: the buffer under it holds these bytes only.
    expect(bytes.buffer.byteLength).toBe(bytes.length);
    expect(bytes.length).toBe(Buffer.byteLength('{"name":"José Müller"}'));
  });

  it('joins parts in order into bytes of their own', () => {
    const entry = keptBytes('{"id":1}');
    const joined = joinKept([Buffer.from('['), entry.subarray(0, -1), Buffer.from(',"ü":2}]')]);
    expect(joined.toString('utf8')).toBe('[{"id":1,"ü":2}]');
    expect(JSON.parse(joined.toString('utf8'))).toEqual([{ id: 1, ü: 2 }]);
    expect(joined.buffer.byteLength).toBe(joined.length);
  });

  it('joins nothing into no bytes', () => {
    expect(joinKept([]).length).toBe(0);
  });
});
