import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language, PostOutput } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { formatLongDate } from '../../../lib/dates';

export interface PostListMore {
  label: string;
  available: boolean;
  loading: boolean;
  load: () => void;
  /** Load the next page by itself when the button scrolls into view (the feed). */
  auto?: boolean;
}

export interface PostListProps {
  language: Language;
  posts: PostOutput[];
  /** What the list says when it holds nothing yet. */
  empty: string;
  /** Whether to name each post's author (lists of others' posts). */
  showAuthor?: boolean;
  /** Leave out the group a post was written in (the group's own page says it already). */
  hideGroup?: boolean;
  more?: PostListMore;
}

/**
 * A list of posts by title (each a link to its page, h3 under the list's h2), with whether it is a
 * question, the group it was written in (a link to it), when it was written and, for its author,
 * whether staff hid it; a "show more" button for the next page (it keeps the keyboard where it
 * was, unlike endless scrolling).
 */
export function PostList({ language, posts, empty, showAuthor, hideGroup, more }: PostListProps) {
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
                {post.group && !hideGroup && (
                  <>
                    <TextLink
                      to="/$lang/groups/$group"
                      params={{ lang: language, group: post.group.slug }}
                    >
                      {t('post.inGroup', { name: post.group.name })}
                    </TextLink>
                    {' · '}
                  </>
                )}
                {t('post.written', { date: formatLongDate(post.createdAt, language) })}
                {post.commentCount > 0 &&
                  ` · ${
                    post.kind === 'question'
                      ? t('feed.answers', { count: post.commentCount })
                      : t('feed.comments', { count: post.commentCount })
                  }`}
                {post.hidden && ` · ${t('mine.hiddenBadge')}`}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {more?.available && <MoreButton more={more} />}
    </>
  );
}

/**
 * "Show more": a button the keyboard and screen readers reach like any other; with `auto`, it
 * also loads the next page when it scrolls into view (endless scrolling for those who scroll).
 * The focus never moves, so nobody loses their place.
 */
function MoreButton({ more }: { more: PostListMore }) {
  const button = useRef<HTMLButtonElement>(null);
  const { auto, load, loading } = more;
  useEffect(() => {
    const target = button.current;
    if (!auto || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !loading) load();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto, load, loading]);
  return (
    <Button ref={button} variant="outlined" sx={{ mt: 3 }} disabled={loading} onClick={load}>
      {more.label}
    </Button>
  );
}
