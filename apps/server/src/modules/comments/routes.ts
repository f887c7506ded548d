import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedAnswerInput,
  CommentCreateInput,
  CommentIdParams,
  CommentListOutput,
  CommentListQuery,
  CommentOutput,
  CommentUpdateInput,
  ErrorOutput,
  HelpfulInput,
  HelpfulOutput,
  MentionOutput,
  MentionQuery,
  MessageOutput,
  PostHiddenInput,
  PostIdParams,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import * as posts from '../posts/service';
import * as service from './service';

/**
 * Comments and answers, helpful marks and accepted answers (step 7, decision 0040). Every route
 * needs a signed-in member; the posts and comments policies decide the rest, in the services.
 */
export async function commentRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['comments'];
  const config = { access: 'member' as const };
  const ctx = (): service.CommentsContext => ({
    db: app.database.db,
    rateLimits: app.rateLimits,
    publicUrl: options.publicUrl,
  });
  const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput };

  app.post(
    '/comments',
    {
      config: { access: { capability: 'comment' as const } },
      schema: {
        tags,
        security,
        summary: 'Comment on a post, answer a question, or reply to a comment',
        description:
          '`content` is read as a post’s (decision 0038). With `parentId`, a reply: threaded one ' +
          'level (a reply to a reply joins its thread). The post’s author, the replied-to ' +
          'comment’s author and the members mentioned are notified (and mailed when their ' +
          'switch is on); never someone blocked either way. 404 `not_found` for a post the ' +
          'viewer may not read; 400 as for posts, or `validation_failed` (field `parentId`); ' +
          '429 `rate_limited` past 10 comments a minute.',
        body: CommentCreateInput,
        response: { 201: CommentOutput, ...errors, 429: ErrorOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createComment(ctx(), memberOf(request), request.body)),
  );

  app.get(
    '/comments',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'A post’s comments',
        description:
          'Oldest first, 100 a page; replies carry `parentId`. 404 `not_found` for a post the ' +
          'viewer may not read.',
        querystring: CommentListQuery,
        response: { 200: CommentListOutput, ...errors },
      },
    },
    async (request) =>
      service.listComments(
        app.database.db,
        memberOf(request),
        request.query.postId,
        request.query.cursor,
      ),
  );

  app.get(
    '/comments/mention',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Members to mention',
        description:
          'Members whose name matches `search` that the viewer may see (the directory’s rules), ' +
          'at most 8.',
        querystring: MentionQuery,
        response: { 200: MentionOutput, 400: ErrorOutput, 401: ErrorOutput },
      },
    },
    async (request) =>
      service.mentionCandidates(app.database.db, memberOf(request), request.query.search),
  );

  app.patch(
    '/comments/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Change my comment',
        description: '403 `forbidden` unless the author; 400 as when writing.',
        params: CommentIdParams,
        body: CommentUpdateInput,
        response: { 200: CommentOutput, ...errors },
      },
    },
    async (request) =>
      service.updateComment(ctx(), memberOf(request), request.params.id, request.body.content),
  );

  app.delete(
    '/comments/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete my comment',
        description: 'With its replies. 403 `forbidden` unless the author.',
        params: CommentIdParams,
        response: { 200: MessageOutput, ...errors },
      },
    },
    async (request) => {
      await service.deleteComment(ctx(), memberOf(request), request.params.id);
      return { message: 'Comment deleted.' };
    },
  );

  app.put(
    '/comments/:id/hidden',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Hide a comment from members, or show it again (staff)',
        description: '403 `forbidden` without `moderate_content`.',
        params: CommentIdParams,
        body: PostHiddenInput,
        response: { 200: CommentOutput, ...errors },
      },
    },
    async (request) =>
      service.setCommentHidden(ctx(), memberOf(request), request.params.id, request.body.hidden),
  );

  app.put(
    '/comments/:id/helpful',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Mark a comment helpful, or take the mark back',
        description: 'One mark per member; 403 `forbidden` on one’s own comment.',
        params: CommentIdParams,
        body: HelpfulInput,
        response: { 200: HelpfulOutput, ...errors },
      },
    },
    async (request) =>
      service.setCommentHelpful(
        app.database.db,
        memberOf(request),
        request.params.id,
        request.body.helpful,
      ),
  );

  app.put(
    '/posts/:id/helpful',
    {
      config,
      schema: {
        tags: ['posts'],
        security,
        summary: 'Mark a post helpful, or take the mark back',
        description: 'One mark per member; 403 `forbidden` on one’s own post.',
        params: PostIdParams,
        body: HelpfulInput,
        response: { 200: HelpfulOutput, ...errors },
      },
    },
    async (request) =>
      posts.setPostHelpful(
        app.database.db,
        memberOf(request),
        request.params.id,
        request.body.helpful,
      ),
  );

  app.put(
    '/posts/:id/accepted-answer',
    {
      config,
      schema: {
        tags: ['posts'],
        security,
        summary: 'Accept an answer to my question (or none)',
        description:
          'The asker accepts a comment on their question (not a reply, not their own); its ' +
          'author is notified. `commentId: null` takes the acceptance back. 403 `forbidden` ' +
          'for anyone else; 400 `validation_failed` (field `commentId`).',
        params: PostIdParams,
        body: AcceptedAnswerInput,
        response: {
          200: z.object({ acceptedCommentId: z.number().int().nullable() }),
          ...errors,
        },
      },
    },
    async (request) =>
      service.acceptAnswer(ctx(), memberOf(request), request.params.id, request.body.commentId),
  );
}
