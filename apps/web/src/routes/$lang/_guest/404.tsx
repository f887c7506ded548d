import { createFileRoute } from '@tanstack/react-router';
import { NotFoundContent } from '../../../components/ui/route-error';

export const Route = createFileRoute('/$lang/_guest/404')({
  component: NotFoundPage,
});

function NotFoundPage() {
  const { language } = Route.useRouteContext();
  return <NotFoundContent language={language} />;
}
