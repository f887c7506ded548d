import { useCallback, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GroupOutput, Language, PostKind } from '@attune/contract';
import { groupPostsQueryOptions } from '../../../lib/api/groups';
import { ApiError } from '../../../lib/rest-client';
import { PostComposer } from './post-composer';
import { PostList } from './post-list';

export interface GroupPostsSectionProps {
  language: Language;
  group: GroupOutput;
  /** The group's posts, or its questions. */
  kind: PostKind;
}

/**
 * A group's posts or its questions (the group page's tabs): a composer that writes in the group
 * for those who may, then the list, newest first, with "Show more". A status line says how many
 * more came, without moving the focus.
 */
export function GroupPostsSection({ language, group, kind }: GroupPostsSectionProps) {
  const { t } = useTranslation('posts');
  const headingId = useId();
  const { data, error, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useInfiniteQuery(groupPostsQueryOptions(group.id, kind));
  const [loaded, setLoaded] = useState('');
  const loading = useRef(false);
  const loadMore = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    void fetchNextPage().then((result) => {
      loading.current = false;
      const count = result.data?.pages.at(-1)?.items.length ?? 0;
      setLoaded(t('feed.loaded', { count }));
    });
  }, [fetchNextPage, t]);
  const question = kind === 'question';
  // The server keeps a private group's posts to its members (403 group_members_only).
  const membersOnly = error instanceof ApiError && error.code === 'group_members_only';

  return (
    <>
      {group.may.post && (
        <Box sx={{ mb: 5 }}>
          <PostComposer
            // A new composer for each tab, so the kind starts as the tab says.
            key={kind}
            language={language}
            groupId={group.id}
            defaultKind={kind}
          />
        </Box>
      )}
      <Box component="section" aria-labelledby={headingId}>
        <Typography id={headingId} component="h2" variant="h5" sx={{ mb: 1 }}>
          {question ? t('group.questionsHeading') : t('group.postsHeading')}
        </Typography>
        {isPending ? (
          <Typography role="status">{t('group.loading')}</Typography>
        ) : isError ? (
          <Typography role="alert" sx={{ fontWeight: 600 }}>
            {membersOnly ? t('group.membersOnly') : t('group.failed')}
          </Typography>
        ) : (
          <PostList
            language={language}
            posts={data.pages.flatMap((page) => page.items)}
            empty={question ? t('group.questionsEmpty') : t('group.postsEmpty')}
            showAuthor
            hideGroup
            more={{
              label: question ? t('group.moreQuestions') : t('feed.more'),
              available: hasNextPage,
              loading: isFetchingNextPage,
              load: loadMore,
            }}
          />
        )}
        <Typography role="status" aria-live="polite" sx={{ mt: 1 }}>
          {loaded}
        </Typography>
      </Box>
    </>
  );
}
