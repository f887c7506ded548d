import { createFileRoute, redirect } from '@tanstack/react-router';
import { getValidAuthToken } from '../../lib/auth-session';
import { readAuthToken } from '../../lib/auth-token';

/** Login and registration: a visitor who is already signed in goes to the home page. */
export const Route = createFileRoute('/$lang/_guest')({
  beforeLoad: async ({ context }) => {
    if (readAuthToken() && (await getValidAuthToken())) {
      throw redirect({ to: '/$lang', params: { lang: context.language }, replace: true });
    }
  },
});
