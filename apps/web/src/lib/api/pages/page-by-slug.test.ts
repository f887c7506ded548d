import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_BY_SLUG_QUERY } from '@attune/contract';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { fetchPageBySlug } from './page-by-slug';

beforeEach(() => useTestConfig());

describe('fetchPageBySlug', () => {
  it('asks for the page in the upper-case language code without a token', async () => {
    const page = { id: 'p', slug: 'faq', title: 'FAQ', content: '<p>x</p>' };
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse({ data: { pageBySlug: page } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchPageBySlug('faq', 'de')).resolves.toEqual(page);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/graphql');
    expect(JSON.parse(String(init?.body))).toEqual({
      query: PAGE_BY_SLUG_QUERY,
      variables: { slug: 'faq', language: 'DE' },
    });
    expect(init?.headers).not.toHaveProperty('Authorization');
  });

  it('gives null when the page does not exist', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ data: { pageBySlug: null } })),
    );
    await expect(fetchPageBySlug('nope', 'en')).resolves.toBeNull();
  });
});
