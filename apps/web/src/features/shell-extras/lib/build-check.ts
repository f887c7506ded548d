/** How often a running app asks whether a newer build was deployed. */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/** Browser tests set this (before the app starts) to check every few hundred milliseconds. */
export const BUILD_CHECK_OVERRIDE_KEY = '__ATTUNE_BUILD_CHECK_MS__';

// Build ids are ours (hex), but latest.json is fetched at run time: never put anything else in a URL.
const BUILD_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The check interval: the test override when it is a sane number, else the default. */
export function buildCheckInterval(win: object = window): number {
  const override = (win as Record<string, unknown>)[BUILD_CHECK_OVERRIDE_KEY];
  return typeof override === 'number' && Number.isFinite(override) && override >= 50
    ? override
    : BUILD_CHECK_INTERVAL_MS;
}

function buildUrl(path: string, now: number): string {
  const base = import.meta.env.BASE_URL.replace(/\/?$/, '/');
  return `${base}${path}?t=${now}`;
}

async function fetchBuildId(url: string, fetchImpl: typeof fetch): Promise<string | null> {
  const response = await fetchImpl(url, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { id?: unknown };
  return typeof body.id === 'string' && BUILD_ID_PATTERN.test(body.id) ? body.id : null;
}

/**
 * Asks for `builds/latest.json` and answers the id of a newer deployed build, or null when the
 * running build is the latest or nothing can be said (offline, error, odd answer). A new id only
 * counts when its `builds/meta/{id}.json` is there too, so a half-finished deployment that
 * already changed latest.json does not make the app reload into missing files.
 */
export async function findNewerBuild(
  currentId: string,
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
): Promise<string | null> {
  try {
    const latest = await fetchBuildId(buildUrl('builds/latest.json', now()), fetchImpl);
    if (!latest || latest === currentId) return null;
    const meta = await fetchBuildId(buildUrl(`builds/meta/${latest}.json`, now()), fetchImpl);
    return meta === latest ? latest : null;
  } catch {
    // Offline or a deployment in progress: ask again at the next tick.
    return null;
  }
}

/** Whether a navigation should become a full page load: a newer build waits and nobody is typing. */
export function shouldReloadOnNavigation(state: {
  newerBuild: string | null;
  hrefChanged: boolean;
  typing: boolean;
}): boolean {
  return state.newerBuild !== null && state.hrefChanged && !state.typing;
}
