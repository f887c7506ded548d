import { hasCapability, type Actor } from '@attune/contract';
import { mayModerate } from '../posts/service';

/**
 * The comments domain's rules (decision 0040), pure functions over the acting member and the
 * comment; deny by default. Whether the actor may read or comment on the post at all is the posts
 * policy's (the service asks it first).
 */
export interface CommentFacts {
  authorId: number;
  hidden: boolean;
}

/** Staff who look after what members write (the posts policy's rule): they see and hide any comment. */
export { mayModerate };

/** Seeing a comment on a post the actor may read: while shown; once hidden, its author and staff. */
export const mayRead = (actor: Actor, comment: CommentFacts) =>
  !comment.hidden || comment.authorId === actor.userId || mayModerate(actor);

/** Changing a comment's text: its author. */
export const mayEdit = (actor: Actor, comment: CommentFacts) =>
  comment.authorId === actor.userId && hasCapability(actor.capabilities, 'comment');

/** Deleting a comment (with its replies): its author. */
export const mayDelete = (actor: Actor, comment: CommentFacts) => comment.authorId === actor.userId;

/** Hiding a comment from members, or showing it again: staff. */
export const mayHide = (actor: Actor, _comment: CommentFacts) => mayModerate(actor);

/** Marking a comment helpful: any reader but its author. */
export const mayMarkHelpful = (actor: Actor, comment: CommentFacts) =>
  comment.authorId !== actor.userId;
