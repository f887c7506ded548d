import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorOutput,
  GroupAdminInput,
  GroupCreateInput,
  GroupIdParams,
  GroupJoinInput,
  GroupListOutput,
  GroupListQuery,
  GroupMembersOutput,
  GroupMembersQuery,
  GroupMembershipOutput,
  GroupOutput,
  GroupPostsQuery,
  GroupRefParams,
  GroupRequestInput,
  GroupUpdateInput,
  ManagePendingInput,
  PendingMembersOutput,
  PendingMembersQuery,
  PostListOutput,
  SocialGroupOutput,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import { sendJsonText } from '../../lib/json-text';
import { languageFromHeader } from '../../lib/language';
import * as posts from '../posts/service';
import * as service from './service';

/**
 * Groups (step 7, decision 0042). Every route needs a signed-in member; who may do what in a group
 * is the contract's GROUP_PERMISSIONS table through the groups policy, applied by the service.
 * A hidden group answers 404 to anyone outside it, exactly as a missing one.
 */
export async function groupRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['groups'];
  const config = { access: 'member' as const };
  const ctx = (): service.GroupsContext => ({
    db: app.database.db,
    rateLimits: app.rateLimits,
    publicUrl: options.publicUrl,
  });
  const readerOf = (request: FastifyRequest): service.Reader => ({
    actor: memberOf(request),
    language: languageFromHeader(request.headers['accept-language']),
  });
  const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput };
  const membershipErrors = { ...errors, 409: ErrorOutput };

  app.post(
    '/social/groups',
    {
      config,
      schema: {
        tags: ['social', ...tags],
        security,
        summary: 'Create a group',
        description:
          'BuddyPress v1 shape. The creator becomes its first admin. `status` is `public` (anyone ' +
          'joins), `private` (members ask; an admin answers) or `hidden` (only its members know ' +
          'it; staff only, else 403 `forbidden`). `description` is kept in the request’s language ' +
          '(Accept-Language), `descriptions` per language. 429 `rate_limited` past 5 groups a day.',
        body: GroupCreateInput,
        response: { 201: SocialGroupOutput, ...errors, 429: ErrorOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createGroup(ctx(), readerOf(request), request.body)),
  );

  app.get(
    '/social/groups/:id',
    {
      config,
      schema: {
        tags: ['social', ...tags],
        security,
        summary: 'One group (BuddyPress v1 shape)',
        description: '404 `not_found` when there is none or it is hidden from the viewer.',
        params: GroupIdParams,
        response: { 200: SocialGroupOutput, ...errors },
      },
    },
    async (request) => service.getSocialGroup(ctx(), readerOf(request), request.params.id),
  );

  app.post(
    '/social/groups/:id/members',
    {
      config,
      schema: {
        tags: ['social', ...tags],
        security,
        summary: 'Join a public group',
        description:
          'BuddyPress v1 path; `user_id` is the viewer (403 `forbidden` for anyone else). 403 ' +
          '`forbidden` for a private group (ask instead: `POST /api/groups/membership-requests`); ' +
          '409 `already_member`.',
        params: GroupIdParams,
        body: GroupJoinInput,
        response: { 200: GroupMembershipOutput, ...membershipErrors },
      },
    },
    async (request) =>
      service.joinGroup(ctx(), readerOf(request), request.params.id, request.body.user_id),
  );

  app.delete(
    '/social/groups/:id/members/:userId',
    {
      config,
      schema: {
        tags: ['social', ...tags],
        security,
        summary: 'Leave a group',
        description:
          'BuddyPress v1 path; `userId` is the viewer. 404 `not_found` when not a member; 409 ' +
          '`last_admin` when the viewer is the only admin and others remain.',
        params: GroupIdParams.extend({ userId: z.coerce.number().int().positive() }),
        response: { 200: GroupMembershipOutput, ...membershipErrors },
      },
    },
    async (request) =>
      service.leaveGroup(ctx(), readerOf(request), request.params.id, request.params.userId),
  );

  for (const [url, summary, mine] of [
    ['/groups', 'Groups: all the viewer may see, or theirs (`show=mine`)', false],
    ['/groups/me', 'My groups', true],
  ] as const) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          security,
          summary,
          description:
            'By name, 20 a page. Public and private groups, and hidden ones the viewer belongs ' +
            'to; `search` matches part of the name (case and accents ignored).',
          querystring: GroupListQuery,
          response: { 200: GroupListOutput, 400: ErrorOutput, 401: ErrorOutput },
        },
      },
      async (request) =>
        service.listGroups(app.database.db, readerOf(request), {
          ...request.query,
          show: mine ? 'mine' : request.query.show,
        }),
    );
  }

  app.get(
    '/group/groups',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Groups I may post in',
        description: 'The viewer’s groups where they may write (the composer’s group choice).',
        querystring: GroupListQuery,
        response: { 200: GroupListOutput, 400: ErrorOutput, 401: ErrorOutput },
      },
    },
    async (request) =>
      service.listGroups(app.database.db, readerOf(request), {
        ...request.query,
        postable: true,
      }),
  );

  app.get(
    '/group/members',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'A group’s members',
        description:
          'Member-list entries (the directory’s, with its search and filters) of the group’s ' +
          'members, by display name, with each one’s `groupRole`. 403 `group_members_only` for ' +
          'a private or hidden group the viewer is not in; 404 `not_found` for one they may not ' +
          'know of.',
        querystring: GroupMembersQuery,
        response: { 200: GroupMembersOutput, ...errors },
      },
    },
    async (request) => service.listGroupMembers(app.database.db, memberOf(request), request.query),
  );

  for (const [url, kind] of [
    ['/group/posts', 'post'],
    ['/group/questions', 'question'],
  ] as const) {
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          security,
          summary: kind === 'post' ? 'A group’s posts' : 'A group’s questions',
          description:
            'Newest first, 20 a page. 403 `group_members_only` for a private or hidden group the ' +
            'viewer is not in; 404 `not_found` for one they may not know of.',
          querystring: GroupPostsQuery,
          response: { 200: PostListOutput, ...errors },
        },
      },
      async (request, reply) => {
        const actor = memberOf(request);
        // The statement keeps to a group the actor may read, so a page with posts needs no other
        // check; only an empty page asks why: an unknown or hidden group (404), members only
        // (403), or nothing written yet (decision 0050).
        const page = await posts.listPostsJson(
          app.database.db,
          actor,
          {
            groupId: request.query.groupId,
            unlessGroupUnreadable: true,
            kind,
            cursor: request.query.cursor,
          },
          app.postCards,
        );
        if (page.count === 0)
          await service.assertReadable(app.database.db, actor, request.query.groupId);
        return sendJsonText<PostListOutput>(reply, page.json);
      },
    );
  }

  app.post(
    '/group/update',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Change a group',
        description:
          'Its admins and staff change the name, the description per language, the cover image ' +
          '(an address from `POST /api/media`, or null) and the status; only staff make a group ' +
          'hidden. 403 `forbidden` for anyone else.',
        body: GroupUpdateInput,
        response: { 200: GroupOutput, ...errors },
      },
    },
    async (request) => service.updateGroup(app.database.db, readerOf(request), request.body),
  );

  app.post(
    '/groups/membership-requests',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Ask to join a private group',
        description:
          'The group’s admins are notified (mailed by their `group_membership_request` switch). ' +
          '403 `forbidden` for a public group (join it instead); 409 `already_member` or ' +
          '`request_exists`.',
        body: GroupRequestInput,
        response: { 200: GroupMembershipOutput, ...membershipErrors },
      },
    },
    async (request) => service.requestMembership(ctx(), readerOf(request), request.body.groupId),
  );

  app.delete(
    '/groups/membership-requests/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Withdraw my request to join',
        description: '`id` is the group’s. 404 `not_found` when no request of the viewer waits.',
        params: GroupIdParams,
        response: { 200: GroupMembershipOutput, ...errors },
      },
    },
    async (request) => service.withdrawRequest(ctx(), readerOf(request), request.params.id),
  );

  app.get(
    '/pending-members',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Requests to join a group',
        description:
          'Oldest first, 50 a page: the group’s admins and staff only (403 `forbidden`).',
        querystring: PendingMembersQuery,
        response: { 200: PendingMembersOutput, ...errors },
      },
    },
    async (request) =>
      service.pendingMembers(
        app.database.db,
        memberOf(request),
        request.query.groupId,
        request.query.cursor,
      ),
  );

  app.post(
    '/group/manage-pending-requests',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Accept or decline a request to join',
        description:
          'The group’s admins and staff (403 `forbidden`). The accepted member is notified. 404 ' +
          '`not_found` when no request of that member waits.',
        body: ManagePendingInput,
        response: { 200: GroupMembershipOutput, ...errors },
      },
    },
    async (request) => service.answerRequest(ctx(), readerOf(request), request.body),
  );

  app.post(
    '/group/admins',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Make a member an admin of the group, or a member again',
        description:
          'The group’s admins and staff (403 `forbidden`). 404 `not_found` when the member is not ' +
          'in the group; 409 `last_admin` when it would leave the group without an admin.',
        body: GroupAdminInput,
        response: { 200: GroupMembershipOutput, ...membershipErrors },
      },
    },
    async (request) => service.appointAdmin(ctx(), readerOf(request), request.body),
  );

  app.get(
    '/group/:group',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'One group, by id or slug',
        description:
          'With the viewer’s standing and what they may do (`may`, from GROUP_PERMISSIONS). 404 ' +
          '`not_found` when there is none or it is hidden from the viewer.',
        params: GroupRefParams,
        response: { 200: GroupOutput, ...errors },
      },
    },
    async (request) => service.getGroup(app.database.db, readerOf(request), request.params.group),
  );
}
