import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/use-language';
import { ButtonLink } from '../ui/button-link';

/**
 * "Send a message to Ana": opens the chat with a new conversation for this member
 * (`/{lang}/chat?to=<id>`). Shown for connections; whether the member takes messages from the
 * viewer is theirs to choose, and the chat page says so when they do not.
 */
export function MessageLink({ memberId, name }: { memberId: number; name: string }) {
  const { t } = useTranslation('connections');
  const language = useLanguage();
  return (
    <ButtonLink
      to="/$lang/chat"
      params={{ lang: language }}
      search={{ to: memberId }}
      variant="outlined"
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('message', { name })}
    </ButtonLink>
  );
}
