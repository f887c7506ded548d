import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import type { TypingState } from '../hooks/use-chat-live';
import { joinNames, memberName } from '../lib/message-view';

/**
 * "Ana is typing…" under the messages while her signals come. Seen, not announced: a screen
 * reader hearing it every few seconds would drown the messages themselves. The line keeps its
 * height, so the composer does not jump.
 */
export function TypingNote({
  typing,
  language,
}: {
  typing: TypingState[number];
  language: Language;
}) {
  const { t } = useTranslation('chat');
  const names = typing.map((one) => memberName(one.member));
  return (
    <Typography
      variant="body2"
      aria-hidden={names.length === 0 ? true : undefined}
      sx={{ minHeight: '1.5em', mt: 1, color: 'text.secondary', fontStyle: 'italic' }}
    >
      {names.length > 0
        ? t('conversation.typing', { names: joinNames(names, language), count: names.length })
        : null}
    </Typography>
  );
}
