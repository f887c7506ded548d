import type { Language, MessageOutput } from '@attune/contract';
import { readAuthToken } from './auth-token';
import { withAuthRetry } from './auth-session';
import { restRequest } from './rest-client';

/**
 * Tells the server the member's chosen interface language (spec §4, `PATCH users/preferred-language`)
 * so mails follow it. Only when signed in; a failure is logged, the switch itself already happened.
 */
export async function savePreferredLanguage(language: Language): Promise<void> {
  if (!readAuthToken()) return;
  try {
    await withAuthRetry(() =>
      restRequest<MessageOutput>('users/preferred-language', {
        method: 'PATCH',
        body: { language },
        bearer: readAuthToken(),
      }),
    );
  } catch (error) {
    console.warn('Could not save the preferred language', error);
  }
}
