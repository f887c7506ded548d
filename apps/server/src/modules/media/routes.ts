import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorOutput } from '@attune/contract';
import { AppError, forbidden } from '../../errors';
import { memberOf } from '../../lib/access-rules';
import * as users from '../users/service';
import { AVATAR_RULES, saveAvatar, savePostImage } from './service';
import { DatabaseIdParam } from '../../lib/ids';

/** Reads an uploaded file; over the size limit, answers with the avatar's own message. */
async function readLimited(part: { toBuffer(): Promise<Buffer> }): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) {
      throw new AppError(
        'file_too_large',
        413,
        'The image is larger than 8 MB. Please choose a smaller one.',
        { maxMegabytes: AVATAR_RULES.maxBytes / (1024 * 1024) },
      );
    }
    throw error;
  }
}

/** Social REST: `POST /api/social/members/{id}/avatar` (multipart `file` + `action=bp_avatar_upload`). */
export async function avatarRoutes(fastify: FastifyInstance, { mediaDir }: { mediaDir: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/members/:id/avatar',
    {
      config: { access: 'member' },
      schema: {
        tags: ['social'],
        security: [{ bearer: [] }],
        summary: 'Upload a profile image (only the member, or an admin)',
        consumes: ['multipart/form-data'],
        params: z.object({ id: DatabaseIdParam }),
        response: {
          200: z.array(z.object({ full: z.string(), thumb: z.string() })),
          400: ErrorOutput,
          401: ErrorOutput,
          403: ErrorOutput,
          404: ErrorOutput,
          413: ErrorOutput,
          415: ErrorOutput,
        },
      },
    },
    async (request) => {
      // Asked before the member is looked up, so a refusal says nothing about who exists.
      if (!users.mayUploadAvatar(memberOf(request), { id: request.params.id }))
        throw forbidden('You can only change your own profile image.');
      const db = app.database.db;
      const target = await users.findUserById(db, request.params.id);
      if (!target) throw new AppError('not_found', 404, 'User ID not found');

      let file: Buffer | undefined;
      let action: string | undefined;
      for await (const part of request.parts({
        limits: { fileSize: AVATAR_RULES.maxBytes, files: 1, fields: 5 },
      })) {
        if (part.type === 'file' && part.fieldname === 'file') file = await readLimited(part);
        else if (part.type === 'file') await readLimited(part);
        else if (part.fieldname === 'action') action = String(part.value);
      }
      if (action !== 'bp_avatar_upload')
        throw new AppError('bad_request', 400, 'The action must be bp_avatar_upload.');
      if (!file) throw new AppError('bad_request', 400, 'Please choose an image.');
      const urls = await saveAvatar(mediaDir, target.id, file);
      await users.updateUser(db, target.id, { avatarUrl: urls.full });
      return [urls];
    },
  );
}

/**
 * `POST /api/media` (spec §7 declared path): an image for a post or comment, multipart `file`;
 * answers its URL for the editor's image node. 30 an hour per member.
 */
export async function mediaRoutes(fastify: FastifyInstance, { mediaDir }: { mediaDir: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/media',
    {
      config: { access: { capability: 'write_posts' as const } },
      schema: {
        tags: ['posts'],
        security: [{ bearer: [] }],
        summary: 'Upload an image for a post or comment',
        description:
          'JPEG, PNG or WebP up to 8 MB and 40 megapixels, re-encoded as WebP (at most 1600 px, ' +
          'no metadata). 201 `{ url, width, height }`; 413 `file_too_large` or ' +
          '`image_too_large`, 415 `file_type_not_allowed`, 429 `rate_limited` past 30 an hour.',
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
          400: ErrorOutput,
          401: ErrorOutput,
          403: ErrorOutput,
          413: ErrorOutput,
          415: ErrorOutput,
          429: ErrorOutput,
        },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      await app.rateLimits.consume('media:account', String(userId));
      let file: Buffer | undefined;
      for await (const part of request.parts({
        limits: { fileSize: AVATAR_RULES.maxBytes, files: 1, fields: 5 },
      })) {
        if (part.type === 'file' && part.fieldname === 'file') file = await readLimited(part);
        else if (part.type === 'file') await readLimited(part);
      }
      if (!file) throw new AppError('bad_request', 400, 'Please choose an image.');
      return reply.status(201).send(await savePostImage(mediaDir, userId, file));
    },
  );
}
