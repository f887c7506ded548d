import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorOutput,
  MEMBER_LIST_PAGE_SIZE,
  MemberListOutput,
  MemberListQuery,
  MemberSuggestionsOutput,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import { sendJsonText } from '../../lib/json-text';
import { listMembers, suggestMembers } from './service';

const errors = { 400: ErrorOutput, 401: ErrorOutput };

const LIST_DESCRIPTION =
  `Members with a display name, in display-name order, ${MEMBER_LIST_PAGE_SIZE} per page ` +
  '(keyset pagination: pass `nextCursor` as `cursor`; null on the last page). Never the viewer, ' +
  'never a member either of the two has blocked. `search` matches part of the display name, first ' +
  "or last name, ignoring accents and case ('jose' finds José, 'MULLER' finds Müller), and leaves " +
  'out members without a name (spec §5). Filters combine; a list filter (comma-joined) matches ' +
  'any of its values; a filter never matches a value the member hides from the viewer, and an ' +
  "entry never shows one ('' or [] instead). `cid` is the member's global id (as GraphQL's " +
  '`User.id`), `id` the database id; `roles` holds the highest-priority role only; `isFriend` is ' +
  'FRIEND_STATUS: 1 connected, 2 your request waits, 3 none (default), 4 their request waits. ' +
  'Every page is read from the database as it is now: a block, a connection ended or a value ' +
  'hidden a moment ago is obeyed at once.';

/**
 * The member directory (spec §7 declared paths `connection/list-users` and `members`; decision
 * 0033) and "people like you" suggestions, for signed-in members. Thin: parse, call the service.
 */
export async function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  for (const [url, tags] of [
    ['/connection/list-users', ['connections']],
    ['/social/members', ['social']],
  ] as const) {
    app.get(
      url,
      {
        config: { access: 'member' },
        schema: {
          tags: [...tags],
          security,
          summary: 'Member directory: list, search and filter members',
          description: LIST_DESCRIPTION,
          querystring: MemberListQuery,
          response: { 200: MemberListOutput, ...errors },
        },
      },
      // The page comes as JSON written from its members' stored entries (decision 0061): sent as
      // it is, past the response serializer; the tests check it against MemberListOutput.
      async (request, reply) => {
        const page = await listMembers(app.database.db, memberOf(request), request.query);
        return sendJsonText<MemberListOutput>(reply, page.json);
      },
    );
  }

  app.get(
    '/connection/suggestions',
    {
      config: { access: 'member' },
      schema: {
        tags: ['connections'],
        security,
        summary: 'People like you: members to connect with, best first',
        description:
          `Up to ${MEMBER_LIST_PAGE_SIZE} members ranked by what they share with the viewer: device ` +
          'type (3), stage (2), a speaking language (2), country (2) and each shared interest (1, ' +
          'up to 3); a value counts only when the member lets the viewer see it, and `shared` ' +
          'names what counted. Never the viewer, their connections, members with a request ' +
          'pending either way, or members blocked either way; members sharing nothing are not ' +
          'suggested. Entries as in the member list.',
        response: { 200: MemberSuggestionsOutput, 401: ErrorOutput },
      },
    },
    async (request) => suggestMembers(app.database.db, memberOf(request)),
  );
}
