import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChatImage, Language } from '@attune/contract';
import { formatLongDate } from '../../../lib/dates';
import { formatMessageTime } from '../lib/message-view';

export interface MessageItemProps {
  text: string;
  image: ChatImage | null;
  /** The viewer wrote it: it sits on the right and is labelled "You". */
  mine: boolean;
  /** Who wrote it, as shown ("You", "Ana", "Former member"). */
  senderName: string;
  /** Absent while it is being sent. */
  createdAt?: string;
  /** The recipient's automatic response, sent for them. */
  automatic?: boolean;
  /** Shown under it: "Sending…", "Seen", "Seen by Ana and Ben". */
  note?: string;
  language: Language;
}

/**
 * One message in a conversation. Whose it is shows by its side (the viewer's on the right) and in
 * words above it ("You", the sender's name), so it never rests on a colour; an automatic response
 * says so; an image is described by who sent it.
 */
export function MessageItem({
  text,
  image,
  mine,
  senderName,
  createdAt,
  automatic = false,
  note,
  language,
}: MessageItemProps) {
  const { t } = useTranslation('chat');
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
        mb: 2,
        // A little room on the other side, so both sides stay apart on a phone too.
        pl: mine ? 3 : 0,
        pr: mine ? 0 : 3,
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
        <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
          {senderName}
        </Box>
        {createdAt ? (
          <>
            {', '}
            <time dateTime={createdAt} title={formatLongDate(createdAt, language)}>
              {formatMessageTime(createdAt, language)}
            </time>
          </>
        ) : null}
        {automatic ? (
          <>
            {' – '}
            <Box component="span" sx={{ fontStyle: 'italic' }}>
              {t('message.automatic')}
            </Box>
          </>
        ) : null}
      </Typography>
      <Box
        sx={{
          maxWidth: '100%',
          px: 2,
          py: 1.25,
          border: 1,
          borderColor: mine ? 'primary.main' : 'divider',
          borderRadius: 3,
          backgroundColor: mine ? 'action.hover' : 'background.paper',
          ...(automatic ? { borderStyle: 'dashed' } : {}),
        }}
      >
        {image ? (
          <Box
            component="img"
            src={image.url}
            width={image.width}
            height={image.height}
            alt={mine ? t('message.imageMine') : t('message.imageFrom', { name: senderName })}
            loading="lazy"
            sx={{
              display: 'block',
              width: 'auto',
              height: 'auto',
              maxWidth: '100%',
              maxHeight: '20rem',
              borderRadius: 2,
              mb: text ? 1 : 0,
            }}
          />
        ) : null}
        {text ? (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>
        ) : null}
      </Box>
      {note ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, fontWeight: 600 }}>
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}
