import { useId } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language, NotificationOutput } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { formatLongDate, formatRecentDate } from '../../../lib/dates';
import { actorName, describeNotification } from '../lib/describe-notification';

export interface NotificationItemProps {
  notification: NotificationOutput;
  language: Language;
  /** The member opens what the notification is about (its link was activated). */
  onOpen: (notification: NotificationOutput) => void;
}

/**
 * One notification as a list item: the actor's picture (decorative: the sentence names them), the
 * sentence as one link to what it is about, when it happened and, while unread, the word "New"
 * (text, not only a colour), which the link also carries as its description.
 */
export function NotificationItem({ notification, language, onOpen }: NotificationItemProps) {
  const { t } = useTranslation('notifications');
  const markerId = useId();
  const { text, target } = describeNotification(notification, t, language);
  const unread = !notification.read;
  const name = actorName(notification.actor, t);

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 2,
        py: 2,
        px: 1,
        borderBottom: 1,
        borderColor: 'divider',
        // A calm extra cue besides the word "New".
        ...(unread ? { borderLeft: 4, borderLeftColor: 'primary.main', pl: 1.5 } : {}),
      }}
    >
      <Avatar
        src={notification.actor?.avatarUrl ?? undefined}
        alt=""
        aria-hidden="true"
        sx={{ mt: 0.25 }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {unread ? (
          <Typography
            id={markerId}
            component="span"
            variant="body2"
            sx={{
              display: 'inline-block',
              fontWeight: 700,
              px: 0.75,
              mb: 0.5,
              border: 1,
              borderColor: 'primary.main',
              borderRadius: 1,
              color: 'primary.main',
            }}
          >
            {t('new')}
          </Typography>
        ) : null}
        <Typography sx={{ fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' }}>
          {target ? (
            <TextLink
              {...target}
              aria-describedby={unread ? markerId : undefined}
              onClick={() => onOpen(notification)}
            >
              {text}
            </TextLink>
          ) : (
            text
          )}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          <time
            dateTime={notification.createdAt}
            title={formatLongDate(notification.createdAt, language)}
          >
            {formatRecentDate(notification.createdAt, language)}
          </time>
        </Typography>
      </Box>
    </Box>
  );
}
