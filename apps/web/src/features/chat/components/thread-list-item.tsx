import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChatThread, Language } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { formatMessageTime, joinNames, memberName } from '../lib/message-view';

export interface ThreadListItemProps {
  thread: ChatThread;
  viewerId: number;
  language: Language;
  /** This conversation is the one open beside the list. */
  open: boolean;
}

/**
 * One conversation in the list, as one link: who it is with, the last message ("You: …",
 * "Image"), when, and how many are unread, in words ("3 unread"), not only as a dot.
 */
export function ThreadListItem({ thread, viewerId, language, open }: ThreadListItemProps) {
  const { t } = useTranslation('chat');
  const names = thread.participants.map(memberName);
  const title = names.length > 0 ? joinNames(names, language) : t('message.formerMember');
  const first = thread.participants[0];
  const last = thread.lastMessage;
  const body = last ? last.text.trim() || (last.image ? t('message.image') : '') : '';
  const preview = !last
    ? t('list.noMessages')
    : last.senderId === viewerId
      ? t('list.previewMine', { text: body })
      : body;
  const unread = thread.unreadCount > 0;

  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <TextLink
        to="/$lang/chat"
        params={{ lang: language }}
        search={{ thread: thread.id }}
        aria-current={open ? 'true' : undefined}
        underline="none"
        sx={{
          display: 'flex',
          gap: 1.5,
          alignItems: 'flex-start',
          p: 1.5,
          color: 'text.primary',
          borderLeft: 4,
          borderLeftColor: open ? 'primary.main' : 'transparent',
          backgroundColor: open ? 'action.selected' : 'transparent',
          '&:hover': { backgroundColor: 'action.hover' },
          '&:hover .chat-thread-name': { textDecoration: 'underline' },
        }}
      >
        <Avatar src={first?.avatarUrl ?? undefined} alt="" aria-hidden="true">
          {title.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
            <Typography
              component="span"
              className="chat-thread-name"
              sx={{ fontWeight: unread ? 700 : 600, overflowWrap: 'anywhere', flex: '1 1 auto' }}
            >
              {title}
            </Typography>
            {last ? (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                <time dateTime={last.createdAt}>{formatMessageTime(last.createdAt, language)}</time>
              </Typography>
            ) : null}
          </Box>
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              fontWeight: unread ? 600 : 400,
            }}
          >
            {preview}
          </Typography>
          {unread ? (
            <Typography
              component="span"
              variant="body2"
              sx={{
                display: 'inline-block',
                mt: 0.5,
                px: 1,
                borderRadius: 4,
                fontWeight: 700,
                color: 'primary.contrastText',
                backgroundColor: 'primary.main',
              }}
            >
              {t('list.unread', { count: thread.unreadCount })}
            </Typography>
          ) : null}
        </Box>
      </TextLink>
    </Box>
  );
}
