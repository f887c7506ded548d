import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { errorStatus } from '../../lib/error-status';
import { UserFetchError } from '../../lib/api/profile';
import { ErrorPage } from './error-page';
import { RouteErrorContent } from './route-error';

/**
 * The error page of a screen that fetches a member (spec §8 "Fetch user"): 'User ID not found'
 * when there is no such member, else 'Error fetching user data' with the failure's status (500 by
 * default) and a way to reload. Any other error gets the generic error page.
 */
export function UserFetchErrorContent({ error, language }: { error: unknown; language: Language }) {
  if (!(error instanceof UserFetchError))
    return <RouteErrorContent error={error} language={language} />;
  return <UserFetchFailed cause={error.cause} language={language} />;
}

/** No member at this address or id: 404, 'User ID not found'. */
export function UserNotFoundContent({ language }: { language: Language }) {
  const { t } = useTranslation();
  return (
    <ErrorPage
      language={language}
      statusCode={404}
      statusMessage={t('notFound.title')}
      description={t('fetchUser.notFound')}
    />
  );
}

function UserFetchFailed({ cause, language }: { cause: unknown; language: Language }) {
  const { t } = useTranslation();
  const status = errorStatus(cause);
  useEffect(() => {
    console.error(cause);
  }, [cause]);
  if (status === 404) return <UserNotFoundContent language={language} />;
  return (
    <ErrorPage
      language={language}
      statusCode={status}
      statusMessage={t(`errorPage.status.${status}`)}
      description={t('fetchUser.failed')}
      reload
    />
  );
}
