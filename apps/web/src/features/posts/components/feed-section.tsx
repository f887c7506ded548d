import { useCallback, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { feedQueryOptions } from '../../../lib/api/posts';
import { ComposerOpener } from './composer-opener';
import { PostList } from './post-list';

/**
 * The member's feed (issue 12): a button that opens the composer, then the posts and questions of
 * the member, their connections and staff, newest first. As the page (`/{lang}/feed`, its h1) or
 * as the home page's section (an h2 under the greeting). New pages load as the list scrolls into
 * view, or with "Show more"; a status line says how many came, without moving the focus.
 */
export function FeedSection({ language, asPage }: { language: Language; asPage?: boolean }) {
  const { t } = useTranslation('posts');
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useSuspenseInfiniteQuery(feedQueryOptions());
  const [loaded, setLoaded] = useState('');
  const loading = useRef(false);
  const posts = data.pages.flatMap((page) => page.items);
  // One function for the list's life, so the scroll observer is not set up again on each render.
  const loadMore = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    void fetchNextPage().then((result) => {
      loading.current = false;
      const count = result.data?.pages.at(-1)?.items.length ?? 0;
      setLoaded(t('feed.loaded', { count }));
    });
  }, [fetchNextPage, t]);
  return (
    <Box component="section" aria-labelledby={asPage ? undefined : 'feed-heading'}>
      {asPage ? (
        <PageHeading>{t('feed.title')}</PageHeading>
      ) : (
        <Typography id="feed-heading" component="h2" variant="h4" sx={{ mt: 5, mb: 1 }}>
          {t('feed.sectionTitle')}
        </Typography>
      )}
      <Typography sx={{ mb: 3 }}>{t('feed.intro')}</Typography>
      <Box sx={{ mb: 5 }}>
        <ComposerOpener language={language} />
      </Box>
      <PostList
        language={language}
        posts={posts}
        empty={t('feed.empty')}
        showAuthor
        more={{
          label: t('feed.more'),
          available: hasNextPage,
          loading: isFetchingNextPage,
          load: loadMore,
          auto: true,
        }}
      />
      <Typography role="status" aria-live="polite" sx={{ mt: 1 }}>
        {loaded}
      </Typography>
    </Box>
  );
}
