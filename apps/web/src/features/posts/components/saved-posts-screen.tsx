import Typography from '@mui/material/Typography';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { savedPostsQueryOptions } from '../../../lib/api/posts';
import { PostList } from './post-list';

/** `/{lang}/posts/saved`: the posts and questions the member saved, newest saved first. */
export function SavedPostsScreen({ language }: { language: Language }) {
  const { t } = useTranslation('posts');
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useSuspenseInfiniteQuery(savedPostsQueryOptions());
  return (
    <>
      <PageHeading>{t('saved.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('saved.intro')}</Typography>
      <PostList
        language={language}
        posts={data.pages.flatMap((page) => page.items)}
        empty={t('saved.empty')}
        showAuthor
        more={{
          label: t('saved.more'),
          available: hasNextPage,
          loading: isFetchingNextPage,
          load: () => void fetchNextPage(),
        }}
      />
    </>
  );
}
