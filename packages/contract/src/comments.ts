import { SEARCH_MAX_LENGTH } from './constants';
import { z } from 'zod';
import { PostAuthor } from './posts';
import { RichTextInput } from './rich-text';

/**
 * Comments and answers (step 7, decision 0040): `POST /api/comments`, `GET /api/comments?postId=`,
 * `PATCH|DELETE /api/comments/{id}`, `PUT /api/comments/{id}/hidden`, helpful marks on posts and
 * comments, a question's accepted answer, and `GET /api/comments/mention` for the @ list.
 */

/** Comments per page of a post's comments (oldest first). */
export const COMMENTS_PAGE_SIZE = 100;
/** Members the mention list offers at most. */
export const MENTION_SUGGESTIONS = 8;

const id = z.coerce.number().int().positive();

/** A comment on a post, or (with `parentId`) a reply to one: threaded one level. */
export const CommentCreateInput = z.object({
  postId: id,
  content: RichTextInput,
  parentId: id.optional(),
});
export type CommentCreateInput = z.infer<typeof CommentCreateInput>;

export const CommentUpdateInput = z.object({ content: RichTextInput });

export const CommentIdParams = z.object({ id });

export const CommentListQuery = z.object({
  postId: id,
  /** `nextCursor` of the previous page; absent for the first page. */
  cursor: z.string().max(100).optional(),
});

export const CommentOutput = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  /** The comment this one answers; null for a comment on the post itself. */
  parentId: z.number().int().nullable(),
  /** HTML rendered by the server from the allow-listed document (decision 0038). */
  content: z.string(),
  document: z.unknown(),
  author: PostAuthor,
  hidden: z.boolean(),
  helpfulCount: z.number().int(),
  /** Whether the reader marked it helpful. */
  helpful: z.boolean(),
  /** Whether the question's asker accepted it as the answer. */
  accepted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  mayEdit: z.boolean(),
  mayDelete: z.boolean(),
  mayHide: z.boolean(),
  mayMarkHelpful: z.boolean(),
  mayAccept: z.boolean(),
});
export type CommentOutput = z.infer<typeof CommentOutput>;

export const CommentListOutput = z.object({
  items: z.array(CommentOutput),
  nextCursor: z.string().nullable(),
});
export type CommentListOutput = z.infer<typeof CommentListOutput>;

/** Mark a post or comment helpful, or take the mark back. */
export const HelpfulInput = z.object({ helpful: z.boolean() });
export const HelpfulOutput = z.object({ helpful: z.boolean(), helpfulCount: z.number().int() });
export type HelpfulOutput = z.infer<typeof HelpfulOutput>;

/** The asker accepts an answer to their question, or none (null). */
export const AcceptedAnswerInput = z.object({ commentId: id.nullable() });

export const MentionQuery = z.object({ search: z.string().trim().min(1).max(SEARCH_MAX_LENGTH) });

/** A member the author may mention (the directory's rules: visible, not blocked either way). */
export const MentionCandidate = z.object({
  id: z.number().int(),
  nickname: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
});
export const MentionOutput = z.object({ items: z.array(MentionCandidate) });
export type MentionOutput = z.infer<typeof MentionOutput>;
