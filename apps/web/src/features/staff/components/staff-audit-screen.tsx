import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditEntry, Language } from '@attune/contract';
import { useShowMore } from '../../../hooks/use-show-more';
import { PageHeading } from '../../../components/ui/page-heading';
import { auditLogQueryOptions } from '../../../lib/api/staff';
import { formatDateTime } from '../lib/format';
import { DetailRows } from './detail-rows';
import { ListStatus, listStatusText } from './list-status';
import { MemberRef } from './member-ref';

/** An entry's extra details as `key: value` lines ("postId: 3"), values as JSON when not text. */
function detailText(details: AuditEntry['details']): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}

/**
 * `/{lang}/medel/audit` (super_admin): what staff did and which health data they read, newest
 * first: the action, who did it, whom it concerned, its details and when.
 */
export function StaffAuditScreen({ language }: { language: Language }) {
  const { t } = useTranslation('staff');
  const list = useRef<HTMLUListElement>(null);
  const audit = useInfiniteQuery(auditLogQueryOptions());
  const items = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const showMore = useShowMore(audit, list, items.length);

  const statusText = listStatusText(audit, items.length, {
    loading: t('audit.loading'),
    failed: t('audit.failed'),
    empty: t('audit.empty'),
    found: (count, more) => t(more ? 'audit.foundMore' : 'audit.found', { count }),
  });

  return (
    <>
      <PageHeading>{t('audit.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('audit.intro')}</Typography>
      <ListStatus text={statusText} failed={audit.isError} />
      {items.length > 0 ? (
        <Box component="ul" ref={list} sx={{ p: 0, m: 0 }}>
          {items.map((entry) => {
            const details = detailText(entry.details);
            const headingId = `audit-${entry.id}`;
            return (
              <Paper
                component="li"
                variant="outlined"
                key={entry.id}
                sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 2, listStyle: 'none' }}
              >
                <Box component="article" aria-labelledby={headingId}>
                  <Typography
                    component="h2"
                    variant="h3"
                    id={headingId}
                    sx={{ mb: 1, overflowWrap: 'anywhere' }}
                  >
                    {t(`audit.actions.${entry.action}`)}
                  </Typography>
                  <DetailRows
                    rows={[
                      {
                        label: t('audit.item.time'),
                        value: (
                          <time dateTime={entry.createdAt}>
                            {formatDateTime(entry.createdAt, language)}
                          </time>
                        ),
                      },
                      {
                        label: t('audit.item.actor'),
                        value: entry.actor ? (
                          <MemberRef member={entry.actor} language={language} />
                        ) : (
                          t('audit.item.gone')
                        ),
                      },
                      entry.target
                        ? {
                            label: t('audit.item.target'),
                            value: <MemberRef member={entry.target} language={language} />,
                          }
                        : null,
                      details
                        ? {
                            label: t('audit.item.details'),
                            value: (
                              <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                                {details}
                              </Box>
                            ),
                          }
                        : null,
                    ]}
                  />
                </Box>
              </Paper>
            );
          })}
        </Box>
      ) : null}
      {audit.hasNextPage ? (
        <Button variant="outlined" aria-disabled={audit.isFetchingNextPage} onClick={showMore}>
          {t('list.more')}
        </Button>
      ) : null}
    </>
  );
}
