import { useEffect, useRef, useState } from 'react';
import { formatLongDate } from '../../../lib/dates';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type BlockList, type Language } from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import {
  blocksQueryOptions,
  refreshAfterBlockChange,
  unblockMember,
} from '../../../lib/api/connections';
import { errorText } from '../../../lib/error-text';
import { SettingsSection } from './settings-section';

const HEADING_ID = 'settings-blocked';

/**
 * The members the viewer blocked, newest first, each with a button that lifts the block. After an
 * unblock the row goes and the focus moves to the next row's button (the one before, when it was
 * the last; the section heading, when none is left), so a keyboard user is never left on nothing.
 */
export function BlockedMembersSection({ language }: { language: Language }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const blocks = useQuery(blocksQueryOptions());
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The row position whose button takes the focus once the list is shown without the member.
  const focusRow = useRef<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const members = blocks.data?.blocks ?? [];

  useEffect(() => {
    const row = focusRow.current;
    if (row === null) return;
    focusRow.current = null;
    const buttons = list.current?.querySelectorAll('button') ?? [];
    (buttons[row] ?? buttons[row - 1] ?? heading.current)?.focus();
  }, [blocks.data]);

  const handleUnblock = async (memberId: number, name: string, row: number) => {
    if (busy !== null) return;
    setBusy(memberId);
    setError(null);
    try {
      await unblockMember(memberId);
    } catch (caught) {
      setError(errorText(caught, t('blockedMembers.unblockFailed', { name })));
      setBusy(null);
      return;
    }
    focusRow.current = row;
    queryClient.setQueryData<BlockList>(blocksQueryOptions().queryKey, (old) =>
      old ? { blocks: old.blocks.filter((member) => member.databaseId !== memberId) } : old,
    );
    setBusy(null);
    showSnackbar({ message: t('blockedMembers.unblocked', { name }) });
    await refreshAfterBlockChange(queryClient);
  };

  return (
    <SettingsSection
      id={HEADING_ID}
      title={t('blockedMembers.title')}
      intro={t('blockedMembers.intro')}
      headingRef={heading}
    >
      <FormAlert severity="error">
        {blocks.isError ? t('blockedMembers.loadFailed') : error}
      </FormAlert>
      {blocks.isPending ? <Typography>{t('settings.loading')}</Typography> : null}
      {blocks.data && members.length === 0 ? (
        <Typography>{t('blockedMembers.empty')}</Typography>
      ) : null}
      {members.length > 0 ? (
        <Box
          component="ul"
          ref={list}
          aria-labelledby={HEADING_ID}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {members.map((member, row) => {
            const name = member.nickname || member.username;
            return (
              <Box
                component="li"
                key={member.databaseId}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 2,
                  flexWrap: 'wrap',
                  py: 1.5,
                  borderTop: row === 0 ? 0 : 1,
                  borderColor: 'divider',
                }}
              >
                <Avatar src={member.avatar.url ?? undefined} alt="">
                  {name.charAt(0).toUpperCase()}
                </Avatar>
                <Box sx={{ flex: 1, minWidth: 160 }}>
                  <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                  <Typography color="text.secondary">
                    {t('blockedMembers.since', {
                      date: formatLongDate(member.blockedAt, language),
                    })}
                  </Typography>
                </Box>
                <Button
                  variant="outlined"
                  // aria-disabled, not disabled: the button keeps the focus while the change is sent.
                  aria-disabled={busy !== null}
                  aria-busy={busy === member.databaseId}
                  onClick={() => void handleUnblock(member.databaseId, name, row)}
                >
                  {t('blockedMembers.unblock', { name })}
                </Button>
              </Box>
            );
          })}
        </Box>
      ) : null}
    </SettingsSection>
  );
}
