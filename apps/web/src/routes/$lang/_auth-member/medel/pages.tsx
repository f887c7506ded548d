import { createFileRoute } from '@tanstack/react-router';
import { mayStaffAnywhere } from '@attune/contract';
import { pagesQueryOptions } from '../../../../lib/api/content/pages';
import { PagesEditor } from '../../../../features/content/components/pages-editor';
import { loadNamespaces } from '../../../../lib/i18n';

/** `/{lang}/medel/pages`: the information pages, their drafts and earlier versions (staff). */
export const Route = createFileRoute('/$lang/_auth-member/medel/pages')({
  loader: async ({ context: { queryClient, viewer } }) => {
    if (mayStaffAnywhere('edit_content', viewer.roles))
      void queryClient.prefetchQuery(pagesQueryOptions());
    // The editor's toolbar texts live with the posts' composer.
    await loadNamespaces(['content', 'posts']);
  },
  component: MedelPagesPage,
});

function MedelPagesPage() {
  const { language, viewer } = Route.useRouteContext();
  return <PagesEditor language={language} roles={viewer.roles} />;
}
