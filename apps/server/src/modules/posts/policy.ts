import { hasCapability, type Actor } from '@attune/contract';
import type { GroupFacts } from '../groups/service';
import { mayInGroupAs } from '../groups/service';

/**
 * The posts domain's rules (decision 0039), pure functions over the acting member and the post;
 * REST routes and GraphQL resolvers call these and nothing else. Deny by default: what is not
 * granted here is refused.
 */
export interface PostFacts {
  authorId: number;
  hidden: boolean;
  /** The group it was written in (its status, and how the reader stands there), or null. */
  group: GroupFacts | null;
}

/** Staff who look after what members write (hide and show posts): `moderate_content`. */
export const mayModerate = (actor: Actor) => hasCapability(actor.capabilities, 'moderate_content');

/** Writing posts and questions: `write_posts` (every member role has it). */
export const mayWrite = (actor: Actor) => hasCapability(actor.capabilities, 'write_posts');

/**
 * Reading a post: any signed-in member while it is shown; once hidden, its author and staff. One
 * written in a group: who may read the group (decision 0042), and its author.
 */
export const mayRead = (actor: Actor, post: PostFacts) =>
  (!post.hidden || post.authorId === actor.userId || mayModerate(actor)) &&
  (post.group === null ||
    post.authorId === actor.userId ||
    mayInGroupAs(actor, 'read', post.group));

/** Changing a post's title, text or language: its author, while they may write. */
export const mayEdit = (actor: Actor, post: Pick<PostFacts, 'authorId'>) =>
  post.authorId === actor.userId && mayWrite(actor);

/** Deleting a post: its author only (staff hide instead, so the author keeps their words). */
export const mayDelete = (actor: Actor, post: Pick<PostFacts, 'authorId'>) =>
  post.authorId === actor.userId;

/** Hiding a post from members, or showing it again: staff. */
export const mayHide = (actor: Actor, _post: Pick<PostFacts, 'authorId'>) => mayModerate(actor);

/** Marking a post helpful: any reader but its author. */
export const mayMarkHelpful = (actor: Actor, post: Pick<PostFacts, 'authorId'>) =>
  post.authorId !== actor.userId;

/** Commenting on a post or answering a question: readers with `comment` (every role has it). */
export const mayComment = (actor: Actor, post: PostFacts) =>
  mayRead(actor, post) && hasCapability(actor.capabilities, 'comment');

/** Accepting an answer: the question's asker. */
export const mayAcceptAnswer = (actor: Actor, post: PostFacts & { kind: string }) =>
  post.kind === 'question' && post.authorId === actor.userId;
