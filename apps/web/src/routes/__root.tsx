import { lazy } from 'react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { DEFAULT_LANGUAGE } from '@attune/contract';
import { DefaultLayout } from '../components/layout/default-layout';
import { GuestLayout } from '../components/layout/guest-layout';
import { NotFoundContent, RouteErrorContent } from '../components/ui/route-error';
import { UnderStartupLoading } from '../components/ui/startup-loading-screen';
import { TopLoadingBar } from '../components/ui/top-loading-bar';
import { AfterFirstPaint } from '../components/ui/after-first-paint';
import type { QueryClientLoaderContext } from '../lib/query-client-loader';

export type RouterContext = QueryClientLoaderContext;

/** Beta banner, accessibility widget, cookie notice and build check: loaded after the first paint. */
const ShellExtras = lazy(() =>
  import('../features/shell-extras').then(({ ShellExtras }) => ({ default: ShellExtras })),
);

/** The app shell (spec §2): top loading bar, the page area, then the extras (the loading screen is in App). */
export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => (
    <GuestLayout language={DEFAULT_LANGUAGE}>
      <NotFoundContent language={DEFAULT_LANGUAGE} />
    </GuestLayout>
  ),
  errorComponent: ({ error }) => (
    <DefaultLayout language={DEFAULT_LANGUAGE}>
      <RouteErrorContent error={error} language={DEFAULT_LANGUAGE} />
    </DefaultLayout>
  ),
});

function RootLayout() {
  return (
    <>
      <TopLoadingBar />
      <UnderStartupLoading>
        <Outlet />
      </UnderStartupLoading>
      <AfterFirstPaint>
        <ShellExtras />
      </AfterFirstPaint>
    </>
  );
}
