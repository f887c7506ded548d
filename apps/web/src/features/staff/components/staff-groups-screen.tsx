import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { GroupStatusLabel } from '../../../components/groups/group-status';
import { ButtonLink, TextLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';
import { useShowMore } from '../../../hooks/use-show-more';
import { formatLongDate } from '../../../lib/dates';
import { staffGroupsQueryOptions } from '../../../lib/api/staff';
import { DetailRows } from './detail-rows';
import { ListStatus, listStatusText } from './list-status';
import { HiddenContext } from './hidden-context';

/**
 * `/{lang}/medel/groups`: every group, hidden ones too, with its status, size and the requests to
 * join that wait; each leads to its page and to its management (the group page's "Manage" tab).
 */
export function StaffGroupsScreen({ language }: { language: Language }) {
  const { t } = useTranslation('staff');
  const list = useRef<HTMLUListElement>(null);
  const groups = useInfiniteQuery(staffGroupsQueryOptions());
  const items = groups.data?.pages.flatMap((page) => page.groups) ?? [];
  const showMore = useShowMore(groups, list, items.length);

  const statusText = listStatusText(groups, items.length, {
    loading: t('groups.loading'),
    failed: t('groups.failed'),
    empty: t('groups.empty'),
    found: (count, more) => t(more ? 'groups.foundMore' : 'groups.found', { count }),
  });

  return (
    <>
      <PageHeading>{t('groups.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('groups.intro')}</Typography>
      <ListStatus text={statusText} failed={groups.isError} />
      {items.length > 0 ? (
        <Box component="ul" ref={list} sx={{ p: 0, m: 0 }}>
          {items.map((group) => {
            const headingId = `staff-group-${group.id}`;
            return (
              <Paper
                component="li"
                variant="outlined"
                key={group.id}
                sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 2, listStyle: 'none' }}
              >
                <Box component="article" aria-labelledby={headingId}>
                  <Typography
                    component="h2"
                    variant="h3"
                    id={headingId}
                    sx={{ mb: 1.5, overflowWrap: 'anywhere' }}
                  >
                    <TextLink
                      to="/$lang/groups/$group"
                      params={{ lang: language, group: group.slug }}
                    >
                      {group.name}
                    </TextLink>
                  </Typography>
                  <DetailRows
                    rows={[
                      {
                        label: t('groups.item.status'),
                        value: <GroupStatusLabel status={group.status} />,
                      },
                      {
                        label: t('groups.item.members'),
                        value: t('groups.item.memberCount', { count: group.memberCount }),
                      },
                      {
                        label: t('groups.item.pending'),
                        value: t('groups.item.pendingCount', { count: group.pendingRequests }),
                      },
                      {
                        label: t('groups.item.created'),
                        value: (
                          <time dateTime={group.createdAt}>
                            {formatLongDate(group.createdAt, language)}
                          </time>
                        ),
                      },
                    ]}
                  />
                  <ButtonLink
                    to="/$lang/groups/$group"
                    params={{ lang: language, group: group.slug }}
                    search={{ tab: 'manage' }}
                    variant="outlined"
                    sx={{ mt: 2 }}
                  >
                    {t('groups.manage')}
                    <HiddenContext>{group.name}</HiddenContext>
                  </ButtonLink>
                </Box>
              </Paper>
            );
          })}
        </Box>
      ) : null}
      {groups.hasNextPage ? (
        <Button variant="outlined" aria-disabled={groups.isFetchingNextPage} onClick={showMore}>
          {t('list.more')}
        </Button>
      ) : null}
    </>
  );
}
