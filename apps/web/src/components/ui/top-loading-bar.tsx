import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useRouter } from '@tanstack/react-router';
import { LOADING_BAR, nextProgress } from '../../lib/loading-bar';
import { LOADING_BAR_COLOR } from '../../lib/theme';

interface BarState {
  visible: boolean;
  progress: number;
  failed: boolean;
}

const HIDDEN: BarState = { visible: false, progress: 0, failed: false };

/**
 * A thin bar at the top while a page loads (spec §2, §4, §9): green, 3 px, shown only when loading
 * lasts longer than 200 ms, advancing over 1500 ms, completed when loading ends, in the error
 * colour when the navigation failed. Decorative: the page itself announces loading and errors.
 */
export function TopLoadingBar() {
  const router = useRouter();
  const [state, setState] = useState<BarState>(HIDDEN);
  const timers = useRef<{ throttle?: number; tick?: number; hide?: number }>({});

  useEffect(() => {
    const clear = () => {
      window.clearTimeout(timers.current.throttle);
      window.clearInterval(timers.current.tick);
      window.clearTimeout(timers.current.hide);
      timers.current = {};
    };
    const start = () => {
      clear();
      setState(HIDDEN);
      timers.current.throttle = window.setTimeout(() => {
        setState({ visible: true, progress: 0, failed: false });
        timers.current.tick = window.setInterval(
          () => setState((current) => ({ ...current, progress: nextProgress(current.progress) })),
          LOADING_BAR.tickMs,
        );
      }, LOADING_BAR.throttleMs);
    };
    const finish = () => {
      const failed = router.state.matches.some((match) => match.status === 'error');
      const wasShowing = timers.current.tick !== undefined;
      clear();
      if (!wasShowing && !failed) {
        setState(HIDDEN);
        return;
      }
      setState({ visible: true, progress: 100, failed });
      timers.current.hide = window.setTimeout(
        () => setState(HIDDEN),
        failed ? LOADING_BAR.errorHoldMs : LOADING_BAR.holdMs,
      );
    };
    const unsubscribeStart = router.subscribe('onBeforeLoad', start);
    const unsubscribeEnd = router.subscribe('onResolved', finish);
    return () => {
      unsubscribeStart();
      unsubscribeEnd();
      clear();
    };
  }, [router]);

  return (
    <Box
      aria-hidden="true"
      data-testid="top-loading-bar"
      data-state={state.visible ? (state.failed ? 'error' : 'loading') : 'idle'}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: LOADING_BAR.heightPx,
        width: `${state.progress}%`,
        opacity: state.visible ? 1 : 0,
        zIndex: (theme) => theme.zIndex.tooltip + 2,
        pointerEvents: 'none',
        backgroundColor: (theme) =>
          state.failed ? theme.palette.error.main : LOADING_BAR_COLOR[theme.palette.mode],
        // Ends at once for members who asked for less motion (lib/theme.ts, reducedMotionStyles).
        transition: 'width 100ms linear, opacity 200ms ease-out',
      }}
    />
  );
}
