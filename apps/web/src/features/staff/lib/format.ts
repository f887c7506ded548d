import { LANGUAGE_LOCALES, type Language } from '@attune/contract';

/** A moment as the viewer's language writes it, with the time: 3 Dec 2026, 14:05. */
export const formatDateTime = (date: string, language: Language) =>
  new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(date));

/** How staff name a member: the display name, else the name, else the number. */
export const memberName = (member: { id: number; nickname: string; name?: string }) =>
  member.nickname.trim() || member.name?.trim() || `#${member.id}`;
