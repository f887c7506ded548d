import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorOutput,
  MessageOutput,
  PostCreateInput,
  PostHiddenInput,
  PostIdParams,
  PostListOutput,
  PostListQuery,
  PostOutput,
  PostSaveInput,
  PostSaveOutput,
  PostSavedParams,
  PostSlugParams,
  PostUpdateInput,
  type PostKind,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import { sendJsonText } from '../../lib/json-text';
import * as service from './service';

/**
 * Posts and questions (step 7, decision 0039). Every route needs a signed-in member; who may
 * change what is the posts policy (policy.ts), applied by the service.
 */
export async function postRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['posts'];
  const config = { access: 'member' as const };
  const ctx = (): service.PostsContext => ({
    db: app.database.db,
    rateLimits: app.rateLimits,
    publicUrl: options.publicUrl,
  });
  const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput };
  const writeDescription = (what: string) =>
    `Publishes a ${what}. \`content\` is the editor's JSON document or HTML: either is read into ` +
    'the allow-listed document (decision 0038) and the HTML is rendered from it; mentions keep ' +
    'the mentioned members’ current names. The slug follows spec §5 and is made unique with a ' +
    'number. With `groupId` it is written in that group: only its members may (403 ' +
    '`group_members_only`; 404 `not_found` for a group the writer may not know of), and the ' +
    'group’s members are notified (mailed by their `group_post` switch). 400 `validation_failed`, `content_required`, `content_too_long`, ' +
    '`too_many_mentions`; 429 `rate_limited` (one post every 5 s) or `duplicate_post` (the same ' +
    'text within 5 minutes).';

  for (const [url, kind] of [
    ['/posts', 'post'],
    ['/posts/question', 'question'],
  ] as const satisfies readonly (readonly [string, PostKind])[]) {
    app.post(
      url,
      {
        config: { access: { capability: 'write_posts' as const } },
        schema: {
          tags,
          security,
          summary: kind === 'post' ? 'Write a post' : 'Ask a question',
          description: writeDescription(kind),
          body: PostCreateInput,
          response: { 201: PostOutput, ...errors, 429: ErrorOutput },
        },
      },
      async (request, reply) => {
        const post = await service.createPost(ctx(), memberOf(request), kind, request.body);
        return reply.status(201).send(post);
      },
    );
  }

  app.get(
    '/posts/feed',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'My feed',
        description:
          'Posts and questions of the viewer, their connections, their groups and staff, newest ' +
          'first, 20 a page; never one the viewer may not read (hidden, by a member blocked ' +
          'either way, or in a private or hidden group the viewer is not in).',
        querystring: PostListQuery,
        response: { 200: PostListOutput, 400: ErrorOutput, 401: ErrorOutput },
      },
    },
    async (request, reply) =>
      sendJsonText<PostListOutput>(
        reply,
        (
          await service.listPostsJson(
            app.database.db,
            memberOf(request),
            { feed: true, cursor: request.query.cursor },
            app.postCards,
          )
        ).json,
      ),
  );

  app.get(
    '/posts/mine',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'My posts and questions',
        description: 'The viewer’s own posts and questions, newest first, hidden ones included.',
        querystring: PostListQuery,
        response: { 200: PostListOutput, 400: ErrorOutput, 401: ErrorOutput },
      },
    },
    async (request, reply) => {
      const actor = memberOf(request);
      const page = await service.listPostsJson(
        app.database.db,
        actor,
        { authorId: actor.userId, cursor: request.query.cursor },
        app.postCards,
      );
      return sendJsonText<PostListOutput>(reply, page.json);
    },
  );

  app.get(
    '/posts/saved',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'My saved posts',
        description:
          'The posts and questions the viewer saved and may still read, newest saved first.',
        querystring: PostListQuery,
        response: { 200: PostListOutput, 400: ErrorOutput, 401: ErrorOutput },
      },
    },
    async (request) =>
      service.listSavedPosts(app.database.db, memberOf(request), request.query.cursor),
  );

  app.post(
    '/posts/saved',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Save a post',
        description:
          'Saves a post or question the viewer may read (again is fine). 404 `not_found` otherwise.',
        body: PostSaveInput,
        response: { 200: PostSaveOutput, ...errors },
      },
    },
    async (request) => service.savePost(app.database.db, memberOf(request), request.body.postId),
  );

  app.delete(
    '/posts/saved/:postId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Take a post off my saved posts',
        description: 'One that was never saved is fine.',
        params: PostSavedParams,
        response: { 200: PostSaveOutput, 400: ErrorOutput, 401: ErrorOutput },
      },
    },
    async (request) =>
      service.unsavePost(app.database.db, memberOf(request), request.params.postId),
  );

  app.get(
    '/posts/slug/:slug',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'One post or question by its slug',
        description:
          'The post page’s read (`/{lang}/post/{slug}`). 404 `not_found` when there is none or it is hidden from the viewer.',
        params: PostSlugParams,
        response: { 200: PostOutput, ...errors },
      },
    },
    async (request) =>
      service.getPost(app.database.db, memberOf(request), { slug: request.params.slug }),
  );

  app.get(
    '/posts/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'One post or question',
        description: '404 `not_found` when it does not exist or is hidden from the viewer.',
        params: PostIdParams,
        response: { 200: PostOutput, ...errors },
      },
    },
    async (request) =>
      service.getPost(app.database.db, memberOf(request), { id: request.params.id }),
  );

  app.patch(
    '/posts/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Change my post',
        description:
          'The author changes the title, text or language; the slug stays. 403 `forbidden` for ' +
          'anyone else; the text is read as when writing (400 codes as there).',
        params: PostIdParams,
        body: PostUpdateInput,
        response: { 200: PostOutput, ...errors },
      },
    },
    async (request) =>
      service.updatePost(ctx(), memberOf(request), request.params.id, request.body),
  );

  app.delete(
    '/posts/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete my post',
        description: 'The author deletes their post or question; 403 `forbidden` for anyone else.',
        params: PostIdParams,
        response: { 200: MessageOutput, ...errors },
      },
    },
    async (request) => {
      await service.deletePost(ctx(), memberOf(request), request.params.id);
      return { message: 'Post deleted.' };
    },
  );

  app.put(
    '/posts/:id/hidden',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Hide a post from members, or show it again (staff)',
        description:
          'Staff with `moderate_content` hide a post: members no longer see it; its author still ' +
          'does, marked hidden. 403 `forbidden` for anyone else.',
        params: PostIdParams,
        body: PostHiddenInput,
        response: { 200: PostOutput, ...errors },
      },
    },
    async (request) =>
      service.setPostHidden(ctx(), memberOf(request), request.params.id, request.body.hidden),
  );
}
