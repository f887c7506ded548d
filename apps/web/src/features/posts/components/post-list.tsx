import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language, PostOutput } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { formatDate } from './post-dates';

export interface PostListProps {
  language: Language;
  posts: PostOutput[];
  /** What the list says when it holds nothing yet. */
  empty: string;
  /** Whether to name each post's author (lists of others' posts). */
  showAuthor?: boolean;
  more?: { label: string; available: boolean; loading: boolean; load: () => void };
}

/**
 * A list of posts by title (each a link to its page, h3 under the list's h2), with whether it is a
 * question, when it was written and, for its author, whether staff hid it; a "show more" button
 * for the next page (it keeps the keyboard where it was, unlike endless scrolling).
 */
export function PostList({ language, posts, empty, showAuthor, more }: PostListProps) {
  const { t } = useTranslation('posts');
  return (
    <>
      {posts.length === 0 ? (
        <Typography>{empty}</Typography>
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
                {showAuthor &&
                  `${t('post.by', { name: post.author.nickname || post.author.name })} · `}
                {t('post.written', { date: formatDate(post.createdAt, language) })}
                {post.hidden && ` · ${t('mine.hiddenBadge')}`}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {more?.available && (
        <Button variant="outlined" sx={{ mt: 3 }} disabled={more.loading} onClick={more.load}>
          {more.label}
        </Button>
      )}
    </>
  );
}
