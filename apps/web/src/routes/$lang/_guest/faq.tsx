import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageBySlugQueryOptions } from '../../../features/pages/api/page-by-slug';
import { PublicPageView } from '../../../features/pages/components/public-page';

export const Route = createFileRoute('/$lang/_guest/faq')({
  loader: async ({ context }) => {
    const page = await context.queryClient.ensureQueryData(
      pageBySlugQueryOptions('faq', context.language),
    );
    if (!page) throw notFound();
  },
  component: FaqPage,
});

function FaqPage() {
  const { language } = Route.useRouteContext();
  return <PublicPageView slug="faq" language={language} />;
}
