import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../../features/auth/components/home-screen';

export const Route = createFileRoute('/$lang/_logged/')({
  component: HomePage,
});

function HomePage() {
  const { language } = Route.useRouteContext();
  return <HomeScreen language={language} />;
}
