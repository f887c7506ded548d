import { useId, useRef, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { ButtonLink } from '../../../components/ui/button-link';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useShowMore } from '../../../hooks/use-show-more';
import { inboxQueryOptions } from '../../../lib/api/chat';
import { ThreadListItem } from './thread-list-item';

export interface ThreadListProps {
  language: Language;
  viewerId: number;
  openThreadId: number | undefined;
  /** The list's heading, which takes the focus when a conversation closes. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * The member's conversations, latest first: a search by name (asked of the server once typing
 * pauses), ten at a time with "Show more", and a calm word on where to start when there are none.
 */
export function ThreadList({ language, viewerId, openThreadId, headingRef }: ThreadListProps) {
  const { t } = useTranslation('chat');
  const headingId = useId();
  const list = useRef<HTMLUListElement>(null);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const inbox = useInfiniteQuery({
    ...inboxQueryOptions(query),
    placeholderData: keepPreviousData,
  });
  const threads = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  const showMore = useShowMore(inbox, list, threads.length);
  const searching = query !== '';

  const status = inbox.isPending
    ? t('list.loading')
    : inbox.isError
      ? t('list.loadFailed')
      : threads.length === 0 && searching
        ? t('list.noMatch', { search: query })
        : searching
          ? t('list.matches', { count: threads.length })
          : null;
  const empty = !inbox.isPending && !inbox.isError && threads.length === 0 && !searching;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography
        ref={headingRef}
        id={headingId}
        component="h2"
        variant="h2"
        tabIndex={-1}
        sx={{ fontSize: '1.375rem', mb: 2, '&:focus': { outline: 'none' } }}
      >
        {t('list.title')}
      </Typography>
      <TextField
        type="search"
        label={t('list.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ mb: 2 }}
      />
      <Typography
        role="status"
        variant="body2"
        sx={{ mb: status ? 2 : 0, ...(inbox.isError ? { color: 'error.main' } : {}) }}
      >
        {status}
      </Typography>
      {empty ? (
        <Box>
          <Typography sx={{ mb: 1 }}>{t('list.empty')}</Typography>
          <Typography sx={{ mb: 2 }}>{t('list.emptyHint')}</Typography>
          <ButtonLink to="/$lang/connections" params={{ lang: language }} variant="outlined">
            {t('list.toConnections')}
          </ButtonLink>
        </Box>
      ) : null}
      {threads.length > 0 ? (
        <Box component="ul" ref={list} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {threads.map((thread) => (
            <ThreadListItem
              key={thread.id}
              thread={thread}
              viewerId={viewerId}
              language={language}
              open={thread.id === openThreadId}
            />
          ))}
        </Box>
      ) : null}
      {inbox.hasNextPage ? (
        <Button
          variant="outlined"
          sx={{ mt: 2 }}
          aria-disabled={inbox.isFetchingNextPage}
          onClick={showMore}
        >
          {t('list.more')}
        </Button>
      ) : null}
    </Box>
  );
}
