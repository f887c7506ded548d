import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/config';
import {
  BUILD_CHECK_INTERVAL_MS,
  BUILD_CHECK_OVERRIDE_KEY,
  buildCheckInterval,
  findNewerBuild,
  shouldReloadOnNavigation,
} from './build-check';

/** A fetch that answers per path (query ignored) and records the URLs it was asked for. */
function fakeFetch(answers: Record<string, () => Response>) {
  const urls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    const answer = answers[url.split('?')[0] ?? ''];
    return answer ? answer() : new Response('not found', { status: 404 });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, urls };
}

describe('buildCheckInterval', () => {
  it('checks every 5 minutes unless a test shortened it', () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(300_000);
    expect(buildCheckInterval({})).toBe(300_000);
    expect(buildCheckInterval({ [BUILD_CHECK_OVERRIDE_KEY]: 500 })).toBe(500);
  });

  it('ignores overrides that are not sane numbers', () => {
    for (const value of ['500', 0, 10, Number.NaN, Number.POSITIVE_INFINITY, null]) {
      expect(buildCheckInterval({ [BUILD_CHECK_OVERRIDE_KEY]: value })).toBe(300_000);
    }
  });
});

describe('findNewerBuild', () => {
  it('asks for builds/latest.json with a timestamp and finds nothing when the id is ours', async () => {
    const { fetchImpl, urls } = fakeFetch({
      '/builds/latest.json': () => jsonResponse({ id: 'abc123', timestamp: 't' }),
    });
    expect(await findNewerBuild('abc123', fetchImpl, () => 1700000000000)).toBeNull();
    expect(urls).toEqual(['/builds/latest.json?t=1700000000000']);
    expect(vi.mocked(fetchImpl).mock.calls[0]?.[1]).toMatchObject({ cache: 'no-store' });
  });

  it('answers the new id when latest.json changed and that build has its meta file', async () => {
    const { fetchImpl, urls } = fakeFetch({
      '/builds/latest.json': () => jsonResponse({ id: 'def456', timestamp: 't' }),
      '/builds/meta/def456.json': () => jsonResponse({ id: 'def456', timestamp: 't' }),
    });
    expect(await findNewerBuild('abc123', fetchImpl, () => 5)).toBe('def456');
    expect(urls).toEqual(['/builds/latest.json?t=5', '/builds/meta/def456.json?t=5']);
  });

  it('waits while the new build is not completely deployed (no meta file yet)', async () => {
    const { fetchImpl } = fakeFetch({
      '/builds/latest.json': () => jsonResponse({ id: 'def456', timestamp: 't' }),
    });
    expect(await findNewerBuild('abc123', fetchImpl)).toBeNull();
  });

  it('finds nothing when offline, on errors or on odd answers', async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await findNewerBuild('abc123', offline)).toBeNull();

    const broken = fakeFetch({
      '/builds/latest.json': () => new Response('oops', { status: 500 }),
    });
    expect(await findNewerBuild('abc123', broken.fetchImpl)).toBeNull();

    const odd = fakeFetch({
      '/builds/latest.json': () => jsonResponse({ id: '../../api/delete-user' }),
    });
    expect(await findNewerBuild('abc123', odd.fetchImpl)).toBeNull();
    expect(odd.urls).toHaveLength(1);
  });
});

describe('shouldReloadOnNavigation', () => {
  it('reloads at a navigation once a newer build is known', () => {
    expect(
      shouldReloadOnNavigation({ newerBuild: 'def456', hrefChanged: true, typing: false }),
    ).toBe(true);
  });

  it('does not reload without a newer build, without a real navigation, or while typing', () => {
    expect(shouldReloadOnNavigation({ newerBuild: null, hrefChanged: true, typing: false })).toBe(
      false,
    );
    expect(
      shouldReloadOnNavigation({ newerBuild: 'def456', hrefChanged: false, typing: false }),
    ).toBe(false);
    expect(
      shouldReloadOnNavigation({ newerBuild: 'def456', hrefChanged: true, typing: true }),
    ).toBe(false);
  });
});
