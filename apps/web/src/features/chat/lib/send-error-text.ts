import type { TFunction } from 'i18next';
import { errorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/rest-client';

/**
 * Why a message could not be sent, in the member's language, by the server's error code (never
 * its English text): the contract's codes (`messages_not_accepted`, `messages_blocked`,
 * `rate_limited` …) give their common texts; a conversation or member that is gone (404) says so;
 * anything else is the general "could not be sent".
 */
export function sendErrorText(error: unknown, t: TFunction<'chat'>): string {
  if (error instanceof ApiError && error.status === 404) return t('composer.errors.notFound');
  return errorText(error, t('composer.errors.failed'));
}
