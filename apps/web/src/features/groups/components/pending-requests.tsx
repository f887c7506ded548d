import { useEffect, useId, useRef } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GroupOutput, Language, PendingMember } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { formatLongDate } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import {
  answerMembershipRequest,
  applyGroupChange,
  groupKeys,
  pendingMembersQueryOptions,
} from '../../../lib/api/groups';

/**
 * Membership requests of a group (its admins and staff): who asked and when, with Accept and
 * Decline. The outcome is announced politely; the focus moves on to the next request's first
 * button, or to the heading once none is left, so the keyboard never falls back to the page's top.
 */
export function PendingRequests({ group, language }: { group: GroupOutput; language: Language }) {
  const { t } = useTranslation('groups');
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const requests = useInfiniteQuery(pendingMembersQueryOptions(group.id));
  const members = requests.data?.pages.flatMap((page) => page.items) ?? [];
  /** Where the answered request stood, until the list without it has shown. */
  const focusIndex = useRef<number | null>(null);
  const shownIds = members.map((member) => member.id).join(',');
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    // The request left the list: the next one (or the one before it) takes the focus.
    const items = list.current?.querySelectorAll('li') ?? [];
    const next = items[Math.min(index, items.length - 1)]?.querySelector('button');
    if (next) next.focus();
    else heading.current?.focus();
  }, [shownIds]);

  const answer = useMutation({
    mutationFn: ({ member, action }: { member: PendingMember; action: 'accept' | 'reject' }) =>
      answerMembershipRequest(group.id, member.id, action),
    onSuccess: async (result, { member, action }) => {
      const name = member.nickname || member.name;
      showSnackbar({
        message:
          action === 'accept'
            ? t('manage.requests.accepted', { name })
            : t('manage.requests.declined', { name }),
      });
      focusIndex.current = Math.max(
        0,
        members.findIndex((one) => one.id === member.id),
      );
      await Promise.all([
        applyGroupChange(queryClient, result.group),
        queryClient.invalidateQueries({ queryKey: groupKeys.pending(group.id) }),
      ]);
    },
    onError: (error) =>
      showSnackbar({ message: errorText(error, t('manage.requests.failed')), color: 'error' }),
  });

  const status = requests.isPending
    ? t('manage.requests.loading')
    : requests.isError
      ? t('manage.requests.loadFailed')
      : members.length === 0
        ? t('manage.requests.empty')
        : null;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 5 }}>
      <Typography
        ref={heading}
        id={headingId}
        component="h2"
        variant="h5"
        tabIndex={-1}
        sx={{ mb: 1 }}
      >
        {t('manage.requests.heading')}
      </Typography>
      {status ? (
        <Typography role={requests.isError ? 'alert' : 'status'}>{status}</Typography>
      ) : (
        <Box component="ul" ref={list} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {members.map((member) => {
            const name = member.nickname || member.name;
            return (
              <Box
                component="li"
                key={member.id}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 2,
                  py: 2,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                {/* Decorative: the name beside it says who it is. */}
                <Avatar src={member.avatarUrl ?? undefined} alt="" aria-hidden="true">
                  {name.charAt(0).toUpperCase()}
                </Avatar>
                <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    {member.nickname ? (
                      <TextLink
                        to="/$lang/profile/$nickname"
                        params={{ lang: language, nickname: member.nickname }}
                      >
                        {name}
                      </TextLink>
                    ) : (
                      name
                    )}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('manage.requests.asked', {
                      date: formatLongDate(member.requestedAt, language),
                    })}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
                  <Button
                    variant="contained"
                    aria-disabled={answer.isPending}
                    onClick={() => !answer.isPending && answer.mutate({ member, action: 'accept' })}
                  >
                    {t('manage.requests.accept', { name })}
                  </Button>
                  <Button
                    variant="outlined"
                    aria-disabled={answer.isPending}
                    onClick={() => !answer.isPending && answer.mutate({ member, action: 'reject' })}
                  >
                    {t('manage.requests.decline', { name })}
                  </Button>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      {requests.hasNextPage ? (
        <Button
          variant="outlined"
          sx={{ mt: 2 }}
          aria-disabled={requests.isFetchingNextPage}
          onClick={() => !requests.isFetchingNextPage && void requests.fetchNextPage()}
        >
          {t('manage.requests.more')}
        </Button>
      ) : null}
    </Box>
  );
}
