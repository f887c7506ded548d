import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { myPostsQueryOptions } from '../../../lib/api/posts';
import { PostComposer } from './post-composer';
import { PostList } from './post-list';

/** `/{lang}/posts/mine`: write a post or a question, and the member's own, newest first. */
export function MyPostsScreen({ language }: { language: Language }) {
  const { t } = useTranslation('posts');
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useSuspenseInfiniteQuery(myPostsQueryOptions());
  return (
    <>
      <PageHeading>{t('mine.title')}</PageHeading>
      <Box sx={{ mb: 6 }}>
        <PostComposer language={language} />
      </Box>
      <Box component="section" aria-labelledby="my-posts-heading">
        <Typography id="my-posts-heading" component="h2" variant="h5" sx={{ mb: 2 }}>
          {t('mine.listHeading')}
        </Typography>
        <PostList
          language={language}
          posts={data.pages.flatMap((page) => page.items)}
          empty={t('mine.empty')}
          more={{
            label: t('mine.more'),
            available: hasNextPage,
            loading: isFetchingNextPage,
            load: () => void fetchNextPage(),
          }}
        />
      </Box>
    </>
  );
}
