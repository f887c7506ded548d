import { DEFAULT_IS_FRIEND } from './constants';

/**
 * The numeric friend status (`isFriend`) of a member as one viewer sees them. The spec (§3, §4)
 * leaves the numbers open except the default 3; decision 0011 chose 1 connected, 2 pending, 3 not
 * connected, and step 6 tells the two directions of a pending request apart, so a screen knows
 * whether to offer "cancel request" or "accept". The numbers are part of the API: never renumber.
 */
export const FRIEND_STATUS = {
  connected: 1,
  /** The viewer asked; the other member has not answered yet. */
  requestSent: 2,
  /** Not connected, or oneself (the spec's default). */
  notConnected: DEFAULT_IS_FRIEND,
  /** The other member asked the viewer; the viewer may accept or reject. */
  requestReceived: 4,
} as const;
export type FriendStatus = (typeof FRIEND_STATUS)[keyof typeof FRIEND_STATUS];

/**
 * How a viewer stands to a member: 'accepted', 'sent' (the viewer's request is pending),
 * 'received' (the member's request to the viewer is pending); null for none and for oneself.
 */
export type FriendshipState = 'accepted' | 'sent' | 'received';

/** The numeric friend status (FRIEND_STATUS) a viewer sees for a member, from how they stand. */
export const friendStatusOf = (self: boolean, state: FriendshipState | null): FriendStatus =>
  self || !state
    ? FRIEND_STATUS.notConnected
    : state === 'accepted'
      ? FRIEND_STATUS.connected
      : state === 'sent'
        ? FRIEND_STATUS.requestSent
        : FRIEND_STATUS.requestReceived;

/** Who may send a member connection requests (their choice, in community settings). */
export const CONNECTION_REQUESTS_FROM = ['everyone', 'shared_group', 'nobody'] as const;
export type ConnectionRequestsFrom = (typeof CONNECTION_REQUESTS_FROM)[number];

/** Why a member reports another (for the staff queue of step 9); `other` asks for details. */
export const MEMBER_REPORT_REASONS = [
  'harassment',
  'spam',
  'fake_account',
  'inappropriate_content',
  'health_misinformation',
  'other',
] as const;
export type MemberReportReason = (typeof MEMBER_REPORT_REASONS)[number];

/** Kinds of notification rows; steps 7–8 add theirs here. */
export const NOTIFICATION_KINDS = [
  'friend_request',
  'friend_accepted',
  // Every other change of a connection is told to the other member too: their request was
  // declined, a request to them was withdrawn, or their connection was ended (never a block).
  'friend_request_declined',
  'friend_request_withdrawn',
  'connection_ended',
  // Step 7: someone commented on the member's post, replied to their comment, mentioned them, or
  // accepted their answer.
  'comment_on_my_post',
  'reply_to_my_comment',
  'mention',
  'answer_accepted',
  // Step 7, groups: someone asked to join a group the member runs; the member's request was
  // accepted; someone posted in a group of the member's.
  'group_membership_request',
  'group_membership_accepted',
  'group_post',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Member lists (member directory, search, suggestions) answer this many entries per page. */
export const MEMBER_LIST_PAGE_SIZE = 20;
