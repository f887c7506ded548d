import type { Language } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { memberName } from '../lib/format';

/**
 * A member named in a staff list, linked to their profile when they have a display name (the
 * profile's address); a member without one is named by their number.
 */
export function MemberRef({
  member,
  language,
}: {
  member: { id: number; nickname: string; name?: string };
  language: Language;
}) {
  const nickname = member.nickname.trim();
  if (!nickname) return <>{memberName(member)}</>;
  return (
    <TextLink to="/$lang/profile/$nickname" params={{ lang: language, nickname }}>
      {nickname}
    </TextLink>
  );
}
