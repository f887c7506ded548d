import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language, NotificationOutput } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { useShowMore } from '../../../hooks/use-show-more';
import { errorText } from '../../../lib/error-text';
import {
  markNotificationsReadMutationOptions,
  notificationCountQueryOptions,
  notificationsQueryOptions,
} from '../../../lib/api/notifications';
import { NotificationItem } from './notification-item';

/**
 * `/{lang}/notifications`: what happened that concerns the member, newest first, each a sentence
 * linking to what it is about; opening one marks it read. "Mark all as read" while any is unread:
 * afterwards the focus goes to the page's heading (the button is gone) and a snackbar says so.
 * When the unread count rises while the page is open, the list is read again.
 */
export function NotificationsScreen({ language }: { language: Language }) {
  const { t } = useTranslation('notifications');
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const notifications = useInfiniteQuery(notificationsQueryOptions());
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];
  const showMore = useShowMore(notifications, list, items.length);
  const { data: count } = useQuery(notificationCountQueryOptions());
  const unread = count?.unreadCount ?? notifications.data?.pages[0]?.unreadCount ?? 0;

  // Something new came in (the header's count is polled): the list shows it too. Read once per
  // count, so a list that cannot be read is not asked for again and again.
  const listUnread = notifications.data?.pages[0]?.unreadCount;
  const { refetch } = notifications;
  const refetchedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!count || listUnread === undefined || count.unreadCount <= listUnread) {
      refetchedFor.current = null;
      return;
    }
    if (refetchedFor.current === count.unreadCount) return;
    refetchedFor.current = count.unreadCount;
    void refetch();
  }, [count, listUnread, refetch]);

  const markAll = useMutation({
    ...markNotificationsReadMutationOptions(queryClient),
    onSuccess: () => {
      showSnackbar({ message: t('markedAll') });
      heading.current?.focus();
    },
    onError: (error) =>
      showSnackbar({ message: errorText(error, t('markFailed')), color: 'error' }),
  });
  // Opening a notification marks it read on the way; the member is not held up when that fails.
  const markOne = useMutation(markNotificationsReadMutationOptions(queryClient));
  const handleOpen = (notification: NotificationOutput) => {
    if (!notification.read) markOne.mutate([notification.id]);
  };

  const status = notifications.isPending
    ? t('loading')
    : notifications.isError
      ? t('loadFailed')
      : items.length === 0
        ? t('empty')
        : null;

  return (
    <>
      <PageHeading ref={heading}>{t('title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('intro')}</Typography>
      <Typography
        role="status"
        sx={{ mb: status ? 3 : 0, ...(notifications.isError ? { color: 'error.main' } : {}) }}
      >
        {status}
      </Typography>
      {items.length > 0 ? (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {unread > 0 ? t('unread', { count: unread }) : t('allRead')}
            </Typography>
            {unread > 0 ? (
              <Button
                variant="outlined"
                aria-disabled={markAll.isPending}
                onClick={() => !markAll.isPending && markAll.mutate(undefined)}
              >
                {t('markAll')}
              </Button>
            ) : null}
          </Box>
          <Box component="ul" ref={list} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                language={language}
                onOpen={handleOpen}
              />
            ))}
          </Box>
        </>
      ) : null}
      {notifications.hasNextPage ? (
        <Button
          variant="outlined"
          sx={{ mt: 3 }}
          aria-disabled={notifications.isFetchingNextPage}
          onClick={showMore}
        >
          {t('more')}
        </Button>
      ) : null}
    </>
  );
}
