import { useId, type ReactNode, type RefObject } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { WIDE_CHAT } from '../lib/panes';

export interface ConversationFrameProps {
  language: Language;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Who the conversation is with ("Ana", "Ana and Ben"), or what is happening ("Loading…"). */
  title: string;
  avatarUrl?: string | null;
  /** Beside the heading: the profile link, "Delete conversation". */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * The conversation pane: on a narrow screen a way back to the list first (on a wide one the list
 * is beside it), the heading naming who it is with (it takes the focus when a conversation
 * opens), its actions, then the messages and the composer.
 */
export function ConversationFrame({
  language,
  headingRef,
  title,
  avatarUrl,
  actions,
  children,
}: ConversationFrameProps) {
  const { t } = useTranslation('chat');
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ mb: 1.5, [WIDE_CHAT]: { display: 'none' } }}>
        <TextLink to="/$lang/chat" params={{ lang: language }} search={{}}>
          {t('conversation.back')}
        </TextLink>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
        {avatarUrl !== undefined ? (
          <Avatar src={avatarUrl ?? undefined} alt="" aria-hidden="true">
            {title.charAt(0).toUpperCase()}
          </Avatar>
        ) : null}
        <Typography
          ref={headingRef}
          id={headingId}
          component="h2"
          variant="h2"
          tabIndex={-1}
          sx={{
            fontSize: '1.375rem',
            flex: '1 1 10rem',
            overflowWrap: 'anywhere',
            '&:focus': { outline: 'none' },
          }}
        >
          {title}
        </Typography>
      </Box>
      {actions ? (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          {actions}
        </Box>
      ) : null}
      {children}
    </Box>
  );
}
