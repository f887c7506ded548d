import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BlockListOutput,
  ConnectionMemberInput,
  ConnectionSettings,
  ErrorOutput,
  FriendIdParams,
  FriendRequestInput,
  FriendshipChangeOutput,
  MemberReportInput,
  MessageOutput,
  MyFriendsOutput,
  type FriendshipChange,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import { markMembersChanged } from '../users/service';
import * as service from './service';

/** English confirmations (the web shows its own text for each action). */
const MESSAGES = {
  requested: 'Connection request sent.',
  accepted: 'Connection request accepted. You are now connected.',
  rejected: 'Connection request declined.',
  cancelled: 'Connection request withdrawn.',
  removed: 'Connection removed.',
  blocked: 'Member blocked.',
  unblocked: 'Member unblocked.',
  reported: 'Thank you. Our team will look at your report.',
  settings: 'Your connection settings were saved.',
} as const;

/** The other member a change names: `friend_id` or `userId` in its body, or `id` in its path. */
function otherMemberOf(body: unknown, params: unknown): number | undefined {
  const given = body as { friend_id?: unknown; userId?: unknown } | undefined;
  const candidate = given?.friend_id ?? given?.userId ?? (params as { id?: unknown })?.id;
  return typeof candidate === 'number' && Number.isSafeInteger(candidate) ? candidate : undefined;
}

/** The answer of a friendship change: BuddyPress's friendship row (or null) and the viewer's new status. */
function presentChange(
  message: string,
  { otherId, friendship, isFriend }: service.FriendshipChangeResult,
): FriendshipChange {
  return {
    message,
    userId: otherId,
    isFriend,
    friendship: friendship
      ? {
          id: friendship.id,
          initiator_id: friendship.requesterId,
          friend_id: friendship.addresseeId,
          is_confirmed: friendship.status === 'accepted',
          date_created: friendship.createdAt.toISOString(),
        }
      : null,
  };
}

/**
 * Friendships and safety (decision 0032): requests (BuddyPress's `POST /social/friends`), their
 * answers and removal, the member's connections and requests, blocks, reports and the "who may send
 * me requests" setting. Every route needs a signed-in member; what they may do to whom is the
 * connections policy (policy.ts), applied by the service inside each change's transaction.
 */
export async function connectionRoutes(
  fastify: FastifyInstance,
  options: Pick<service.ConnectionsContext, 'publicUrl' | 'sharesGroup'>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['connections'];
  const config = { access: 'member' as const };
  const ctx = (): service.ConnectionsContext => ({
    db: app.database.db,
    publicUrl: options.publicUrl,
    sharesGroup: options.sharesGroup,
  });
  const changeErrors = {
    400: ErrorOutput,
    401: ErrorOutput,
    403: ErrorOutput,
    404: ErrorOutput,
    409: ErrorOutput,
  };

  // A friendship or a block concerns two members: what this instance keeps about the other one
  // too (their relations, decision 0063) is forgotten before the answer leaves.
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET') return;
    const other = otherMemberOf(request.body, request.params);
    if (other !== undefined) markMembersChanged(request, [other]);
  });

  app.post(
    '/social/friends',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Ask a member to connect',
        description:
          'Sends a connection request to `friend_id`. 400 `cannot_befriend_self`; 404 `not_found` ' +
          'for an unknown member or one who blocked the viewer; 403 `blocked` when the viewer ' +
          'blocked the member; 409 `already_connected`, `friend_request_exists` (the viewer already ' +
          'asked) or `friend_request_received` (the member already asked the viewer: accept it ' +
          'instead); 403 `requests_not_accepted` when the member’s setting refuses the viewer. ' +
          'The member gets a notification and, if their switch is on, an e-mail. 429 ' +
          '`rate_limited` past 30 requests an hour or 100 a day (refused ones count too).',
        body: FriendRequestInput,
        response: { 200: FriendshipChangeOutput, ...changeErrors, 429: ErrorOutput },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      await app.rateLimits.consume('friend-request:account', String(userId));
      await app.rateLimits.consume('friend-request-daily:account', String(userId));
      return presentChange(
        MESSAGES.requested,
        await service.sendRequest(ctx(), userId, request.body.friend_id),
      );
    },
  );

  const answers = [
    ['accept-friend', 'Accept a connection request', service.acceptRequest, MESSAGES.accepted],
    ['reject-friend', 'Decline a connection request', service.rejectRequest, MESSAGES.rejected],
    [
      'cancel-friend',
      'Withdraw one’s connection request',
      service.cancelRequest,
      MESSAGES.cancelled,
    ],
  ] as const;
  for (const [path, summary, answer, message] of answers) {
    app.post(
      `/connection/${path}`,
      {
        config,
        schema: {
          tags,
          security,
          summary,
          description:
            '`userId` is the other member. Only the member who received a request accepts or ' +
            'declines it, only its sender withdraws it: 403 `not_your_request`. 404 ' +
            '`friend_request_not_found` when no request is pending between the two; 409 ' +
            '`already_connected`.' +
            (path === 'accept-friend'
              ? ' The sender gets a notification and, if their switch is on, an e-mail.'
              : ''),
          body: ConnectionMemberInput,
          response: { 200: FriendshipChangeOutput, ...changeErrors },
        },
      },
      async (request) =>
        presentChange(message, await answer(ctx(), memberOf(request).userId, request.body.userId)),
    );
  }

  app.delete(
    '/social/friends/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'End a connection',
        description:
          'Either member ends an accepted connection with the member `id`, without notice to ' +
          'them. 404 `not_connected` when the two are not connected (a pending request is ' +
          'withdrawn or declined instead).',
        params: FriendIdParams,
        response: { 200: FriendshipChangeOutput, ...changeErrors },
      },
    },
    async (request) =>
      presentChange(
        MESSAGES.removed,
        await service.removeConnection(ctx(), memberOf(request).userId, request.params.id),
      ),
  );

  app.get(
    '/connection/my-friends',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'My connections and pending requests',
        description:
          'Connections (`friends`), requests to the viewer (`incoming`) and the viewer’s own ' +
          '(`outgoing`), newest first, each member as a friend listing entry (spec §3) with only ' +
          'what they let the viewer see.',
        response: { 200: MyFriendsOutput, 401: ErrorOutput },
      },
    },
    async (request) => service.myConnections(request, memberOf(request)),
  );

  app.post(
    '/connection/block',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Block a member',
        description:
          'Ends any connection or pending request between the two; from then on neither sees the ' +
          'other’s profile (404) and neither can ask the other to connect. Blocking again changes ' +
          'nothing. 400 `cannot_block_self`, 404 `not_found`.',
        body: ConnectionMemberInput,
        response: { 200: MessageOutput, 400: ErrorOutput, 401: ErrorOutput, 404: ErrorOutput },
      },
    },
    async (request) => {
      await service.blockMember(ctx(), memberOf(request).userId, request.body.userId);
      return { message: MESSAGES.blocked };
    },
  );

  app.post(
    '/connection/unblock',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Lift a block',
        description: 'Lifts the viewer’s block of the member; nothing happens when there was none.',
        body: ConnectionMemberInput,
        response: { 200: MessageOutput, 400: ErrorOutput, 401: ErrorOutput },
      },
    },
    async (request) => {
      await service.unblockMember(ctx(), memberOf(request).userId, request.body.userId);
      return { message: MESSAGES.unblocked };
    },
  );

  app.get(
    '/connection/blocks',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The members I blocked',
        response: { 200: BlockListOutput, 401: ErrorOutput },
      },
    },
    async (request) => ({
      blocks: await service.blockedMembers(app.database.db, memberOf(request).userId),
    }),
  );

  app.post(
    '/connection/report',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Report a member to the team',
        description:
          'A reason from MEMBER_REPORT_REASONS, and details (required for `other`). Stored for ' +
          'the staff queue. 400 `cannot_report_self` or `validation_failed` (field `details`), ' +
          '404 `not_found`, 429 `rate_limited` past 10 reports an hour.',
        body: MemberReportInput,
        response: {
          200: MessageOutput,
          400: ErrorOutput,
          401: ErrorOutput,
          404: ErrorOutput,
          429: ErrorOutput,
        },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      await app.rateLimits.consume('member-report:account', String(userId));
      await service.reportMember(app.database.db, userId, {
        memberId: request.body.userId,
        reason: request.body.reason,
        details: request.body.details ?? '',
      });
      return { message: MESSAGES.reported };
    },
  );

  app.get(
    '/connection/settings',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Who may send me connection requests',
        description:
          '`everyone`, `shared_group` (members who share a group with me; decisions 0032, ' +
          '0042) or `nobody`.',
        response: { 200: ConnectionSettings, 401: ErrorOutput },
      },
    },
    async (request) => service.requestSettings(app.database.db, memberOf(request).userId),
  );

  app.patch(
    '/connection/settings',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Choose who may send me connection requests',
        description: 'Requests already sent stay; the setting applies to new ones.',
        body: ConnectionSettings,
        response: {
          200: ConnectionSettings.extend({ message: MessageOutput.shape.message }),
          400: ErrorOutput,
          401: ErrorOutput,
        },
      },
    },
    async (request) => ({
      message: MESSAGES.settings,
      ...(await service.setRequestSettings(
        app.database.db,
        memberOf(request).userId,
        request.body.requestsFrom,
      )),
    }),
  );
}
