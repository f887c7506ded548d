import { createFileRoute } from '@tanstack/react-router';
import { mayStaffAnywhere } from '@attune/contract';
import { translationsQueryOptions } from '../../../../lib/api/content/translations';
import { TranslationsEditor } from '../../../../features/content/components/translations-editor';
import { loadNamespaces } from '../../../../lib/i18n';

/** `/{lang}/medel/translations`: staff's own texts in place of the app's (administrators). */
export const Route = createFileRoute('/$lang/_auth-member/medel/translations')({
  loader: async ({ context: { queryClient, viewer, language } }) => {
    if (mayStaffAnywhere('edit_translations', viewer.roles))
      void queryClient.prefetchQuery(translationsQueryOptions(language, ''));
    await loadNamespaces(['content']);
  },
  component: MedelTranslationsPage,
});

function MedelTranslationsPage() {
  const { language, viewer } = Route.useRouteContext();
  return <TranslationsEditor language={language} roles={viewer.roles} />;
}
