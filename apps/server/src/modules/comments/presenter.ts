import type { Actor, CommentOutput } from '@attune/contract';
import { presentAuthor } from '../posts/service';
import * as policy from './policy';
import type { CommentRow } from './repository';

export const factsOf = (row: Pick<CommentRow, 'authorId' | 'hiddenAt'>): policy.CommentFacts => ({
  authorId: row.authorId,
  hidden: row.hiddenAt !== null,
});

/** What the comment's post decides for it: the accepted answer, and whether the reader may accept. */
export interface CommentContext {
  acceptedCommentId: number | null;
  mayAcceptAnswer: boolean;
}

/** A comment as this reader gets it: the rendered HTML, its author, marks and what they may do. */
export function presentComment(row: CommentRow, actor: Actor, post: CommentContext): CommentOutput {
  const facts = factsOf(row);
  return {
    id: row.id,
    postId: row.postId,
    parentId: row.parentId,
    content: row.html,
    document: row.document,
    author: presentAuthor(row),
    hidden: facts.hidden,
    helpfulCount: row.helpfulCount,
    helpful: row.helpful,
    accepted: post.acceptedCommentId === row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mayEdit: policy.mayEdit(actor, facts),
    mayDelete: policy.mayDelete(actor, facts),
    mayHide: policy.mayHide(actor, facts),
    mayMarkHelpful: policy.mayMarkHelpful(actor, facts),
    // An answer to the question itself (not a reply), by someone other than the asker.
    mayAccept: post.mayAcceptAnswer && row.parentId === null && row.authorId !== actor.userId,
  };
}
