import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorOutput,
  ProfileAddressParams,
  PublicProfileOutput,
  SPEC_MESSAGES,
  UserIdQuery,
} from '@attune/contract';
import { AppError } from '../../errors';
import { memberOf } from '../../lib/access-rules';
import * as groups from '../groups/service';
import {
  auditStaffHealthRead,
  findByProfileAddress,
  presentPublicProfile,
  profileLoader,
} from '../users/service';

const errors = { 400: ErrorOutput, 401: ErrorOutput, 404: ErrorOutput };

/**
 * What a member's page shows of them: their profile (identity) with their groups (content). A
 * module of its own above both, since accounts know no content (docs/ARCHITECTURE.md, layers).
 *
 * A member's profile by display name or by id, for signed-in members (spec §7 declared paths
 * `users/nickname` and `user`). Both answer what the profile page and the GraphQL `user` query
 * show: only what the member lets this viewer see.
 */
export async function publicProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const security = [{ bearer: [] }];

  /** The member with this id as the viewer may see them (one query), or 404. */
  const answer = async (request: FastifyRequest, targetId: number | undefined) => {
    const viewer = memberOf(request);
    const profile =
      targetId !== undefined && (await profileLoader(request, viewer.userId).load(targetId));
    if (!profile) throw new AppError('not_found', 404, SPEC_MESSAGES.userIdNotFound);
    await auditStaffHealthRead(app.database.db, profile, viewer);
    const lists = await groups.profileGroups(app.database.db, viewer, profile.user.id);
    return { ...presentPublicProfile(profile, viewer), ...lists };
  };

  app.get(
    '/users/nickname/:nickname',
    {
      config: { access: 'member' },
      schema: {
        tags,
        security,
        summary: "A member's profile by display name (their profile address)",
        description:
          'The display name is compared without case and surrounding spaces; a member who has not ' +
          'chosen one is found by username. Fields the member hid from the viewer are absent.',
        params: ProfileAddressParams,
        response: { 200: PublicProfileOutput, ...errors },
      },
    },
    async (request) => {
      const target = await findByProfileAddress(app.database.db, request.params.nickname);
      return answer(request, target?.id);
    },
  );

  app.get(
    '/user',
    {
      config: { access: 'member' },
      schema: {
        tags,
        security,
        summary: "A member's profile by id",
        description: 'Fields the member hid from the viewer are absent.',
        querystring: UserIdQuery,
        response: { 200: PublicProfileOutput, ...errors },
      },
    },
    async (request) => {
      return answer(request, request.query.id);
    },
  );
}
