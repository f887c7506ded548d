/** A code that takes no parameters answers with `params: {}`. */
type NoParams = Record<never, never>;

/**
 * Every error code the server sends, with the parameters it carries. The codes are stable: the web
 * app shows `t('errors.<code>', params)`, other clients may branch on them; never on the English
 * `message`. Add codes freely; never rename or remove one (docs/API.md lists them).
 */
export interface ErrorParamsByCode {
  /** The request itself is malformed (not JSON, wrong content type, an invalid GraphQL document). */
  bad_request: NoParams;
  /**
   * A value was refused. `field` is the input's path as the client sent it (`email`,
   * `yearOfBirth`, `visibility.Headline`), or `request` when no single field is to blame.
   */
  validation_failed: { field: string };
  unauthorized: NoParams;
  forbidden: NoParams;
  not_found: NoParams;
  conflict: NoParams;
  /** Too many attempts; try again after this many minutes (rounded up, at least 1). */
  rate_limited: { minutes: number };
  internal_error: NoParams;
  service_unavailable: NoParams;
  /** Spec §5: 'Register data or code invalid'. */
  register_data_invalid: NoParams;
  /** Spec §5: 'Reset data or code invalid'. */
  reset_data_invalid: NoParams;
  /** A wrong code; this many tries are left for it. */
  code_invalid: { attemptsLeft: number };
  code_expired: NoParams;
  code_attempts_exceeded: NoParams;
  password_too_short: { min: number };
  password_too_long: { max: number };
  password_too_common: NoParams;
  /** The member's own e-mail address, its name part or their username. */
  password_like_account: NoParams;
  /** Made only of spaces or invisible characters. */
  password_not_visible: NoParams;
  /** One character, a few characters or one short part repeated (`aaaaaaaa`, `abababab`). */
  password_too_simple: NoParams;
  /** Staff sign-up with an e-mail outside the staff domains (at send2facode and registeruser). */
  staff_domain_required: NoParams;
  login_failed: NoParams;
  token_invalid: NoParams;
  token_expired: NoParams;
  session_revoked: NoParams;
  refresh_token_reused: NoParams;
  email_mismatch: NoParams;
  current_password_required: NoParams;
  current_password_wrong: NoParams;
  health_consent_required: NoParams;
  /** The e-mail address cannot be used (it belongs to another account; we do not say so). */
  email_taken: NoParams;
  nickname_taken: NoParams;
  /** The name has control, bidi, invisible or other characters that cannot be shown safely. */
  nickname_not_allowed: NoParams;
  /**
   * Not an error: the notice of a 200 answer whose mail could not be delivered yet (the mail server
   * is unreachable or slow). The mail stays queued and is retried while its code is valid.
   */
  mail_delayed: NoParams;
  /**
   * The display name is kept for the app itself: a page under /profile (`settings`, `start`), a
   * word like `admin`, or the form of a neutral username (`RESERVED_NICKNAMES`, `nicknameProblem`).
   */
  nickname_reserved: NoParams;
  file_type_not_allowed: NoParams;
  file_too_large: { maxMegabytes: number };
  image_too_large: { maxMegapixels: number };
  /** A GraphQL document over the cost limits (size, fields, list sizes; docs/API.md). */
  query_too_complex: NoParams;
  /** A GraphQL request ran past its time budget and was stopped. */
  query_timeout: NoParams;
  /** The request body is over the size limit (HTTP 413). */
  request_too_large: NoParams;
  /** A connection request, block or report aimed at oneself. */
  cannot_befriend_self: NoParams;
  cannot_block_self: NoParams;
  cannot_report_self: NoParams;
  /** The viewer already asked this member; the request is still pending. */
  friend_request_exists: NoParams;
  /** This member already asked the viewer: accept (or reject) their request instead (decision 0032). */
  friend_request_received: NoParams;
  already_connected: NoParams;
  /** No pending request between the two members (answered, withdrawn, or never sent). */
  friend_request_not_found: NoParams;
  /** Only the addressee accepts or rejects a request, only its sender cancels it. */
  not_your_request: NoParams;
  /** No connection to remove. */
  not_connected: NoParams;
  /** The viewer blocked this member: unblock them first. */
  blocked: NoParams;
  /** The member does not accept connection requests from the viewer (their setting). */
  requests_not_accepted: NoParams;
  /** A post, question or comment with nothing to read (no text, mention or image). */
  content_required: NoParams;
  /** More text than one post, question or comment may hold (RICH_TEXT_LIMITS.maxChars). */
  content_too_long: { max: number };
  /** More members mentioned than one text may notify (RICH_TEXT_LIMITS.maxMentions). */
  too_many_mentions: { max: number };
  /** The member posted the same text a moment ago (POST_LIMITS.duplicateSeconds). */
  duplicate_post: NoParams;
  /** A private or hidden group's posts, questions or members, asked by someone outside it. */
  group_members_only: NoParams;
  /** The group's only admin cannot leave or step down while others remain (make another admin first). */
  last_admin: NoParams;
  /** Joining or asking to join a group one already belongs to. */
  already_member: NoParams;
  /** Asking to join a group one already asked to join; the request is still waiting. */
  request_exists: NoParams;
  /** Writing to oneself only. */
  cannot_message_self: NoParams;
  /** The member's "who may message me" setting does not include the sender (MESSAGES_FROM). */
  messages_not_accepted: NoParams;
  /** The sender blocked a member of the conversation (unblocking lets them write again). */
  messages_blocked: NoParams;
  /** Staff suspended the account (step 9): no sign-in until they lift it. */
  account_suspended: NoParams;
  /** An invitation link that is unknown, used already, expired, or for another e-mail address. */
  invitation_invalid: NoParams;
  /** The staff action does not fit the report (e.g. hiding a post when the report names none). */
  report_action_invalid: NoParams;
}

export type ErrorCode = keyof ErrorParamsByCode;
export type ErrorParams<C extends ErrorCode = ErrorCode> = ErrorParamsByCode[C];

/**
 * The names of each code's parameters, for tests and documentation. One entry per code: the
 * compiler refuses a code missing here, one the interface lacks, or a name the code does not take.
 */
export const ERROR_PARAM_NAMES: {
  readonly [C in ErrorCode]: readonly (keyof ErrorParamsByCode[C] & string)[];
} = {
  bad_request: [],
  validation_failed: ['field'],
  unauthorized: [],
  forbidden: [],
  not_found: [],
  conflict: [],
  rate_limited: ['minutes'],
  internal_error: [],
  service_unavailable: [],
  register_data_invalid: [],
  reset_data_invalid: [],
  code_invalid: ['attemptsLeft'],
  code_expired: [],
  code_attempts_exceeded: [],
  password_too_short: ['min'],
  password_too_long: ['max'],
  password_too_common: [],
  password_like_account: [],
  password_not_visible: [],
  password_too_simple: [],
  staff_domain_required: [],
  login_failed: [],
  token_invalid: [],
  token_expired: [],
  session_revoked: [],
  refresh_token_reused: [],
  email_mismatch: [],
  current_password_required: [],
  current_password_wrong: [],
  health_consent_required: [],
  email_taken: [],
  nickname_taken: [],
  nickname_not_allowed: [],
  mail_delayed: [],
  nickname_reserved: [],
  file_type_not_allowed: [],
  file_too_large: ['maxMegabytes'],
  image_too_large: ['maxMegapixels'],
  query_too_complex: [],
  query_timeout: [],
  request_too_large: [],
  cannot_befriend_self: [],
  cannot_block_self: [],
  cannot_report_self: [],
  friend_request_exists: [],
  friend_request_received: [],
  already_connected: [],
  friend_request_not_found: [],
  not_your_request: [],
  not_connected: [],
  blocked: [],
  requests_not_accepted: [],
  content_required: [],
  content_too_long: ['max'],
  too_many_mentions: ['max'],
  duplicate_post: [],
  group_members_only: [],
  last_admin: [],
  already_member: [],
  request_exists: [],
  cannot_message_self: [],
  messages_not_accepted: [],
  messages_blocked: [],
  account_suspended: [],
  invitation_invalid: [],
  report_action_invalid: [],
};

/** Every code, as a list. */
export const ERROR_CODES = Object.keys(ERROR_PARAM_NAMES) as ErrorCode[];

/**
 * The parameter whose number picks the plural form of a code's text (i18next `count`): the texts
 * of these codes have `_one` and `_other` forms in every language ("1 minute", "12 minutes").
 */
export const ERROR_COUNT_PARAMS = {
  rate_limited: 'minutes',
  code_invalid: 'attemptsLeft',
  password_too_short: 'min',
  password_too_long: 'max',
  image_too_large: 'maxMegapixels',
} as const satisfies { [C in ErrorCode]?: keyof ErrorParamsByCode[C] & string };

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
