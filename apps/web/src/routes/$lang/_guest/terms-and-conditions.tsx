import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageBySlugQueryOptions } from '../../../lib/api/pages/page-by-slug';
import { PublicPageView } from '../../../features/pages/components/public-page';

export const Route = createFileRoute('/$lang/_guest/terms-and-conditions')({
  loader: async ({ context }) => {
    const page = await context.queryClient.ensureQueryData(
      pageBySlugQueryOptions('terms-and-conditions', context.language),
    );
    if (!page) throw notFound();
  },
  component: TermsAndConditionsPage,
});

function TermsAndConditionsPage() {
  const { language } = Route.useRouteContext();
  return <PublicPageView slug="terms-and-conditions" language={language} />;
}
