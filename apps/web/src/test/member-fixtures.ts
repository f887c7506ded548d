import type { MemberListEntry } from '@attune/contract';

/** A directory entry (step 6) with a name and nothing shared yet: the member lists' tests use it. */
export const memberEntry = (id: number, nickname: string): MemberListEntry => ({
  cid: btoa(`user:${id}`),
  id,
  avatarUrl: null,
  country: '',
  region: '',
  description: '',
  headline: '',
  lastName: '',
  name: nickname,
  nickname,
  area: 'international',
  roles: ['member'],
  speakingLanguages: [],
  interests: [],
  livingIn: '',
  isConnected: false,
  isPending: false,
  isFriend: 3,
});
