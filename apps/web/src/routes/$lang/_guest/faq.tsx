import { createFileRoute, notFound } from '@tanstack/react-router';
import { faqQueryOptions } from '../../../lib/api/content/faq';
import { FaqSection } from '../../../features/content/components/faq-section';
import { pageBySlugQueryOptions } from '../../../lib/api/pages/page-by-slug';
import { PublicPageView } from '../../../features/pages/components/public-page';
import { loadNamespaces } from '../../../lib/i18n';

/** `/{lang}/faq`: the page's intro from the back end, then the searchable questions. */
export const Route = createFileRoute('/$lang/_guest/faq')({
  loader: async ({ context }) => {
    // The questions are asked for alongside; a failure there shows in their section, not here.
    void context.queryClient.prefetchQuery(faqQueryOptions(context.language, ''));
    const [page] = await Promise.all([
      context.queryClient.ensureQueryData(pageBySlugQueryOptions('faq', context.language)),
      loadNamespaces(['content']),
    ]);
    if (!page) throw notFound();
  },
  component: FaqPage,
});

function FaqPage() {
  const { language } = Route.useRouteContext();
  return (
    <>
      <PublicPageView slug="faq" language={language} />
      <FaqSection language={language} />
    </>
  );
}
