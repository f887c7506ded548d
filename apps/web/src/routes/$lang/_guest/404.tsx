import { createFileRoute } from '@tanstack/react-router';
import { NotFoundContent } from '../../components/ui/not-found-page';

export const Route = createFileRoute('/$lang/404')({
  component: NotFoundPage,
});

function NotFoundPage() {
  const { language } = Route.useRouteContext();
  return <NotFoundContent language={language} />;
}
