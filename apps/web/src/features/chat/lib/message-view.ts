import {
  LANGUAGE_LOCALES,
  type ChatMember,
  type ChatMessage,
  type ChatReadMarker,
  type Language,
} from '@attune/contract';

/**
 * A member's name as the chat shows it: their display name (`nickname`, the name the rest of the
 * app shows and their profile's address), else their first name.
 */
export const memberName = (member: Pick<ChatMember, 'name' | 'nickname'>): string =>
  member.nickname.trim() || member.name.trim();

/** "Ana", "Ana and Ben", "Ana, Ben and Clara": names joined as the member's language does. */
export function joinNames(names: readonly string[], language: Language): string {
  return new Intl.ListFormat(LANGUAGE_LOCALES[language], { type: 'conjunction' }).format(names);
}

/** Pages of a conversation (each newest first, later pages older) as one list, oldest first. */
export function oldestFirst(pages: readonly { messages: readonly ChatMessage[] }[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of pages) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * Read receipts: for each of the viewer's messages that a participant has read up to, and that
 * is the viewer's latest such message, the participants who read it. "Seen" then shows once,
 * under the last of the viewer's messages each of them has seen, not under every message.
 */
export function seenBy(
  messages: readonly ChatMessage[],
  markers: readonly ChatReadMarker[],
  viewerId: number,
): Map<number, number[]> {
  const mine = messages.filter((message) => message.senderId === viewerId).map((one) => one.id);
  const result = new Map<number, number[]>();
  for (const marker of markers) {
    if (marker.userId === viewerId) continue;
    let latest: number | undefined;
    for (const id of mine) if (id <= marker.lastReadMessageId) latest = id;
    if (latest === undefined) continue;
    result.set(latest, [...(result.get(latest) ?? []), marker.userId]);
  }
  return result;
}

const MINUTE = 60_000;

/**
 * When a message was written, short: the time for today ("14:05"), else the day and time
 * ("3 May, 14:05"), with the year when it is not this one.
 */
export function formatMessageTime(
  date: string,
  language: Language,
  now: Date = new Date(),
): string {
  const when = new Date(date);
  const locale = LANGUAGE_LOCALES[language];
  const sameDay = when.toDateString() === now.toDateString();
  if (sameDay || Math.abs(now.getTime() - when.getTime()) < MINUTE)
    return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(when);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(when.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(when);
}
