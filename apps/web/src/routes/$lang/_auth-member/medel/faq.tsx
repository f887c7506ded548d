import { createFileRoute } from '@tanstack/react-router';
import { mayStaffAnywhere } from '@attune/contract';
import { faqQueryOptions } from '../../../../lib/api/content/faq';
import { FaqEditor } from '../../../../features/content/components/faq-editor';
import { loadNamespaces } from '../../../../lib/i18n';

/** `/{lang}/medel/faq`: the frequently asked questions of each language, in order (staff). */
export const Route = createFileRoute('/$lang/_auth-member/medel/faq')({
  loader: async ({ context: { queryClient, viewer, language } }) => {
    if (mayStaffAnywhere('edit_content', viewer.roles))
      void queryClient.prefetchQuery(faqQueryOptions(language, ''));
    // The editor's toolbar texts live with the posts' composer.
    await loadNamespaces(['content', 'posts']);
  },
  component: MedelFaqPage,
});

function MedelFaqPage() {
  const { language, viewer } = Route.useRouteContext();
  return <FaqEditor language={language} roles={viewer.roles} />;
}
