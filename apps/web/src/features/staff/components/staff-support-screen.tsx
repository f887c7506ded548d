import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUPPORT_FORM_NAMES, type Language, type StaffSupportRequest } from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { useShowMore } from '../../../hooks/use-show-more';
import { errorText } from '../../../lib/error-text';
import {
  markSupportHandled,
  replaceInPages,
  staffKeys,
  staffSupportQueryOptions,
  type StaffSupportData,
  type SupportRequestStatus,
} from '../../../lib/api/staff';
import { formatDateTime } from '../lib/format';
import { DetailRows } from './detail-rows';
import { ListStatus, listStatusText } from './list-status';
import { MemberRef } from './member-ref';
import { StatusFilter } from './status-filter';
import { HiddenContext } from './hidden-context';

const STATUSES: readonly SupportRequestStatus[] = ['open', 'handled'];

export interface StaffSupportScreenProps {
  language: Language;
  /** Open or handled requests (the address keeps it: `?status=handled`). */
  status: SupportRequestStatus;
  onStatusChange: (status: SupportRequestStatus) => void;
}

/**
 * `/{lang}/medel/support`: what people wrote through the contact form, open ones first. "Mark as
 * handled" changes the request in place; its heading then takes the focus and a polite message
 * confirms it. The sender's address is a mail link, for the answer.
 */
export function StaffSupportScreen({ language, status, onStatusChange }: StaffSupportScreenProps) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const list = useRef<HTMLUListElement>(null);
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  const [news, setNews] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const requests = useInfiniteQuery(staffSupportQueryOptions(status));
  const items = requests.data?.pages.flatMap((page) => page.requests) ?? [];
  const showMore = useShowMore(requests, list, items.length);

  const handled = useMutation({
    mutationFn: (request: StaffSupportRequest) => markSupportHandled(request.id),
    onMutate: () => {
      setNews(null);
      setFailure(null);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData<StaffSupportData>(staffKeys.support(status), (data) =>
        replaceInPages(data, 'requests', updated),
      );
      void queryClient.invalidateQueries({
        queryKey: staffKeys.supportLists(),
        predicate: (query) => query.queryKey[2] !== status,
      });
      void queryClient.invalidateQueries({ queryKey: staffKeys.overview() });
      setNews(t('support.done', { reference: updated.reference }));
      headings.current.get(updated.id)?.focus();
    },
    onError: (error) => setFailure(errorText(error, t('support.actionFailed'))),
  });

  const statusText = listStatusText(requests, items.length, {
    loading: t('support.loading'),
    failed: t('support.failed'),
    empty: t(`support.empty.${status}`),
    found: (count, more) =>
      t(more ? `support.foundMore.${status}` : `support.found.${status}`, { count }),
  });

  return (
    <>
      <PageHeading>{t('support.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('support.intro')}</Typography>
      <StatusFilter
        label={t('support.filter')}
        value={status}
        options={STATUSES.map((value) => ({ value, label: t(`support.status.${value}`) }))}
        onChange={onStatusChange}
      />
      <FormAlert severity="success">{news}</FormAlert>
      <FormAlert severity="error">{failure}</FormAlert>
      <ListStatus text={statusText} failed={requests.isError} />
      {items.length > 0 ? (
        <Box component="ul" ref={list} sx={{ p: 0, m: 0 }}>
          {items.map((request) => {
            const headingId = `support-request-${request.id}`;
            const heading = t('support.item.title', {
              reference: request.reference,
              form: SUPPORT_FORM_NAMES[request.formId][language],
            });
            return (
              <Paper
                component="li"
                variant="outlined"
                key={request.id}
                sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 2, listStyle: 'none' }}
              >
                <Box component="article" aria-labelledby={headingId}>
                  <Typography
                    component="h2"
                    variant="h3"
                    id={headingId}
                    tabIndex={-1}
                    ref={(element: HTMLHeadingElement | null) => {
                      if (element) headings.current.set(request.id, element);
                      else headings.current.delete(request.id);
                    }}
                    sx={{ mb: 1.5, overflowWrap: 'anywhere' }}
                  >
                    {heading}
                  </Typography>
                  <DetailRows
                    rows={[
                      {
                        label: t('support.item.status'),
                        value: request.handledAt
                          ? t('support.item.handledAt', {
                              time: formatDateTime(request.handledAt, language),
                            })
                          : t('support.status.open'),
                      },
                      { label: t('support.item.name'), value: request.name },
                      {
                        label: t('support.item.email'),
                        value: <MuiLink href={`mailto:${request.email}`}>{request.email}</MuiLink>,
                      },
                      request.member
                        ? {
                            label: t('support.item.member'),
                            value: <MemberRef member={request.member} language={language} />,
                          }
                        : null,
                      {
                        label: t('support.item.language'),
                        value: t(`languages.${request.language}`),
                      },
                      {
                        label: t('support.item.received'),
                        value: (
                          <time dateTime={request.createdAt}>
                            {formatDateTime(request.createdAt, language)}
                          </time>
                        ),
                      },
                      {
                        label: t('support.item.message'),
                        value: (
                          <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                            {request.message}
                          </Box>
                        ),
                      },
                    ]}
                  />
                  {request.handledAt ? null : (
                    <Button
                      variant="outlined"
                      sx={{ mt: 2 }}
                      aria-disabled={handled.isPending}
                      onClick={() => !handled.isPending && handled.mutate(request)}
                    >
                      {t('support.markHandled')}
                      <HiddenContext>{request.reference}</HiddenContext>
                    </Button>
                  )}
                </Box>
              </Paper>
            );
          })}
        </Box>
      ) : null}
      {requests.hasNextPage ? (
        <Button variant="outlined" aria-disabled={requests.isFetchingNextPage} onClick={showMore}>
          {t('list.more')}
        </Button>
      ) : null}
    </>
  );
}
