import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GROUP_STATUSES, mayCreateGroup, type Language } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useShowMore } from '../../../hooks/use-show-more';
import { groupListQueryOptions, type GroupListFilters } from '../../../lib/api/groups';
import { CreateGroupDialog } from './create-group-dialog';
import { GroupCard } from './group-card';

/** Longest name part the server searches for (GroupListQuery). */
const SEARCH_MAX_LENGTH = 100;

export interface GroupsScreenProps {
  language: Language;
  /** The viewer's capabilities: who may create a group, and which kinds. */
  capabilities: readonly string[];
  /** Every group the viewer may see, or only theirs (the address keeps it: `?show=mine`). */
  show: GroupListFilters['show'];
  onShowChange: (show: GroupListFilters['show']) => void;
}

/**
 * `/{lang}/groups`: find a group by name (the list follows as the member pauses typing), all
 * groups or only one's own, each with its status, size and the viewer's standing; "Show more" for
 * the next page; "Create a group" for members who may. How many groups are shown is announced
 * politely, without moving the focus.
 */
export function GroupsScreen({ language, capabilities, show, onShowChange }: GroupsScreenProps) {
  const { t } = useTranslation('groups');
  const id = useId();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const filters = { show, search: useDebouncedValue(search).trim() };
  const groups = useInfiniteQuery({
    ...groupListQueryOptions(filters),
    // The old list stays while the next search loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });
  const items = groups.data?.pages.flatMap((page) => page.items) ?? [];
  const showMore = useShowMore(groups, list, items.length);
  const mayCreate = GROUP_STATUSES.some((status) => mayCreateGroup(status, capabilities));

  const status = groups.isPending
    ? t('list.loading')
    : groups.isError
      ? t('list.failed')
      : items.length === 0
        ? filters.search
          ? t('list.noneSearch', { search: filters.search })
          : show === 'mine'
            ? t('list.noneMine')
            : t('list.noneAll')
        : t(groups.hasNextPage ? 'list.foundMore' : 'list.found', { count: items.length });

  return (
    <>
      <PageHeading>{t('list.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('list.intro')}</Typography>
      {mayCreate ? (
        <Button variant="contained" onClick={() => setCreating(true)} sx={{ mb: 4 }}>
          {t('list.create')}
        </Button>
      ) : null}
      <Box
        role="search"
        aria-label={t('list.searchRegion')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-end', mb: 3 }}
      >
        <TextField
          id={`${id}-search`}
          type="search"
          label={t('list.searchLabel')}
          helperText={t('list.searchHint')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: SEARCH_MAX_LENGTH } }}
          sx={{ flex: '1 1 18rem', maxWidth: 480 }}
        />
        <Box>
          <Typography id={`${id}-show`} sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('list.show.label')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            value={show}
            onChange={(_, value: GroupListFilters['show'] | null) => value && onShowChange(value)}
            aria-labelledby={`${id}-show`}
            sx={{ mb: 3.5 }}
          >
            <ToggleButton value="all" sx={{ minHeight: 44, px: 2.5, textTransform: 'none' }}>
              {t('list.show.all')}
            </ToggleButton>
            <ToggleButton value="mine" sx={{ minHeight: 44, px: 2.5, textTransform: 'none' }}>
              {t('list.show.mine')}
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      </Box>
      <Box component="section" aria-labelledby={`${id}-list`}>
        <Typography id={`${id}-list`} component="h2" variant="h5" sx={{ mb: 1 }}>
          {show === 'mine' ? t('list.show.mine') : t('list.show.all')}
        </Typography>
        <Typography
          role="status"
          aria-live="polite"
          sx={{ fontWeight: 600, mb: 1, ...(groups.isError ? { color: 'error.main' } : {}) }}
        >
          {status}
        </Typography>
        {items.length > 0 ? (
          <Box component="ul" ref={list} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((group) => (
              <GroupCard key={group.id} group={group} language={language} />
            ))}
          </Box>
        ) : null}
        {groups.hasNextPage ? (
          <Button
            variant="outlined"
            sx={{ mt: 3 }}
            aria-disabled={groups.isFetchingNextPage}
            onClick={showMore}
          >
            {t('list.more')}
          </Button>
        ) : null}
      </Box>
      <CreateGroupDialog
        open={creating}
        onClose={() => setCreating(false)}
        language={language}
        capabilities={capabilities}
      />
    </>
  );
}
