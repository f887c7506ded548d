import { useEffect, useState } from 'react';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { getConfig } from '../../lib/config';
import { errorStatus } from '../../lib/error-status';
import { isChunkLoadError, reloadForChunkError } from '../../lib/reload-guard';
import { ErrorPage } from './error-page';
import { PendingContent } from './pending-content';

/** "Page Not Found: {path}" (spec §2, §8) for the current path. */
export function NotFoundContent({ language }: { language: Language }) {
  const { t } = useTranslation();
  const path = useLocation({ select: (location) => location.pathname });
  return (
    <ErrorPage
      language={language}
      statusCode={404}
      statusMessage={t('notFound.title')}
      description={t('notFound.message', { path })}
    />
  );
}

/**
 * What an unhandled error or a failed loader shows: 404 for "not found", else the error's status
 * (500 by default) with "Internal Server Error". A failed lazy chunk first reloads the page, at most
 * once per 10 s for the same path.
 */
export function RouteErrorContent({ error, language }: { error: unknown; language: Language }) {
  const { t } = useTranslation();
  // Decided once per error page: reloading is a one-off side effect guarded in session storage.
  const [reloading] = useState(() => isChunkLoadError(error) && reloadForChunkError(error));
  const status = errorStatus(error);

  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);

  if (reloading) return <PendingContent />;
  if (status === 404) return <NotFoundContent language={language} />;
  return (
    <ErrorPage
      language={language}
      statusCode={status}
      statusMessage={t(`errorPage.status.${status}`)}
      description={t('errorPage.text', { email: supportEmail() })}
      reload
    />
  );
}

function supportEmail(): string {
  try {
    return getConfig().supportEmail;
  } catch {
    return '';
  }
}
