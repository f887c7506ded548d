import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';
import { myPostsQueryOptions } from '../../../lib/posts-api';
import { PostComposer } from './post-composer';
import { formatDate } from './post-screen';

/** `/{lang}/posts/mine`: write a post or a question, and the member's own, newest first. */
export function MyPostsScreen({ language }: { language: Language }) {
  const { t } = useTranslation('posts');
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useSuspenseInfiniteQuery(myPostsQueryOptions());
  const posts = data.pages.flatMap((page) => page.items);
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
        {posts.length === 0 ? (
          <Typography>{t('mine.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {posts.map((post) => (
              <Box
                component="li"
                key={post.id}
                sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }}
              >
                {post.kind === 'question' && (
                  <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.secondary' }}>
                    {t('post.question')}
                  </Typography>
                )}
                <Typography component="h3" variant="h6" lang={post.language}>
                  <TextLink to="/$lang/post/$slug" params={{ lang: language, slug: post.slug }}>
                    {post.title}
                  </TextLink>
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('post.written', { date: formatDate(post.createdAt, language) })}
                  {post.hidden && ` · ${t('mine.hiddenBadge')}`}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {hasNextPage && (
          <Button
            variant="outlined"
            sx={{ mt: 3 }}
            disabled={isFetchingNextPage}
            onClick={() => fetchNextPage()}
          >
            {t('mine.more')}
          </Button>
        )}
      </Box>
    </>
  );
}
