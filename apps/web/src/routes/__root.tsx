import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { DEFAULT_LANGUAGE } from '@attune/contract';
import { DefaultLayout } from '../components/layout/default-layout';
import { GuestLayout } from '../components/layout/guest-layout';
import { NotFoundContent, RouteErrorContent } from '../components/ui/route-error';
import { StartupLoadingScreen } from '../components/ui/startup-loading-screen';
import { TopLoadingBar } from '../components/ui/top-loading-bar';
import { ShellExtras } from '../features/shell-extras';

export interface RouterContext {
  queryClient: QueryClient;
}

/** The app shell (spec §2): loading screen, top loading bar, the page area, then the extras. */
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
      <StartupLoadingScreen>
        <Outlet />
      </StartupLoadingScreen>
      <ShellExtras />
    </>
  );
}
