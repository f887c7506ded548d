/** What a member is called by, as the viewer query and the profile calls give it. */
export interface NamedMember {
  nickname?: string | null;
  username?: string | null;
}

/**
 * The display name a member chose, or null until they choose one. A new account has none (the
 * server never derives one from the e-mail address); older accounts got their username as display
 * name by default, which does not count as chosen either. Screens greet a member without a name
 * neutrally ("Hello!") instead of showing a username.
 */
export function chosenDisplayName(member: NamedMember | null | undefined): string | null {
  const nickname = member?.nickname?.trim() ?? '';
  if (!nickname) return null;
  const username = member?.username?.trim() ?? '';
  return nickname.toLowerCase() === username.toLowerCase() ? null : nickname;
}

/**
 * The address of a member's profile page, `/{lang}/profile/{address}` (spec §3: the route
 * parameter is the nickname): the display name they chose, else their username, which is neutral
 * for new members (decision 0023) and never taken by a display name (the server refuses that).
 */
export function profileAddress(member: NamedMember | null | undefined): string {
  return chosenDisplayName(member) ?? member?.username?.trim() ?? '';
}
