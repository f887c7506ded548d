import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { buildCheckInterval, findNewerBuild, shouldReloadOnNavigation } from '../lib/build-check';
import { isMemberTyping } from '../lib/is-typing';

// Compiled in by vite-plugins/build-manifest.ts (Vite `define`); absent in unit tests.
declare const __ATTUNE_BUILD_ID__: string | undefined;

/** The id of the running build, or null when the app was built without the build manifest. */
export const CURRENT_BUILD_ID: string | null =
  typeof __ATTUNE_BUILD_ID__ === 'string' ? __ATTUNE_BUILD_ID__ : null;

/**
 * Asks on a timer whether a newer build was deployed; once one was, the next navigation becomes
 * a full page load (the member is leaving the page anyway), unless they are typing.
 */
export function useBuildCheck(currentId: string | null = CURRENT_BUILD_ID): void {
  const router = useRouter();
  useEffect(() => {
    if (!currentId) return undefined;
    let newerBuild: string | null = null;
    const timer = window.setInterval(() => {
      void findNewerBuild(currentId).then((found) => {
        if (!found || newerBuild) return;
        newerBuild = found;
        window.clearInterval(timer);
        // Visible to support and to the browser tests: a newer build waits for the next navigation.
        document.documentElement.dataset.newerBuild = found;
      });
    }, buildCheckInterval());
    // Decided when a navigation starts (the page being left is still there to ask whether the
    // member is typing), done once the router has moved the URL: the reload then loads the
    // destination, with the new build, and the history stays as the member made it.
    let reloadWhenResolved = false;
    const stopBefore = router.subscribe('onBeforeNavigate', (event) => {
      reloadWhenResolved = shouldReloadOnNavigation({
        newerBuild,
        hrefChanged: event.hrefChanged,
        typing: isMemberTyping(),
      });
    });
    const stopResolved = router.subscribe('onResolved', () => {
      if (reloadWhenResolved) window.location.reload();
    });
    return () => {
      window.clearInterval(timer);
      stopBefore();
      stopResolved();
    };
  }, [router, currentId]);
}
