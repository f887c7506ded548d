import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageBySlugQueryOptions } from '../../../lib/api/pages/page-by-slug';
import { PublicPageView } from '../../../features/pages/components/public-page';

export const Route = createFileRoute('/$lang/_guest/about')({
  loader: async ({ context }) => {
    const page = await context.queryClient.ensureQueryData(
      pageBySlugQueryOptions('about', context.language),
    );
    if (!page) throw notFound();
  },
  component: AboutPage,
});

function AboutPage() {
  const { language } = Route.useRouteContext();
  return <PublicPageView slug="about" language={language} />;
}
