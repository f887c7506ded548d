import { primaryRole, type PostOutput } from '@attune/contract';
import type { Actor } from '@attune/contract';
import { standingOf } from '../groups/sql';
import * as policy from './policy';
import type { PostCardRow, PostRow } from './repository';

/** The facts the policy decides on, from a post row. */
export const factsOf = (
  row: Pick<
    PostRow,
    'authorId' | 'hiddenAt' | 'groupId' | 'groupStatus' | 'viewerGroupStatus' | 'viewerGroupRole'
  >,
): policy.PostFacts => ({
  authorId: row.authorId,
  hidden: row.hiddenAt !== null,
  group:
    row.groupId === null
      ? null
      : {
          // A post whose group row is missing cannot be: the foreign key deletes it with the group.
          status: row.groupStatus ?? 'hidden',
          standing: standingOf({
            viewerStatus: row.viewerGroupStatus,
            viewerRole: row.viewerGroupRole,
          }),
        },
});

/** Who wrote a post or comment, as every reader may see them (from the row's author columns). */
export const presentAuthor = (row: {
  authorId: number;
  authorNickname: string;
  authorFirstName: string;
  authorAvatarUrl: string | null;
  authorRoles: string[];
}) => ({
  id: row.authorId,
  nickname: row.authorNickname,
  name: row.authorFirstName,
  avatarUrl: row.authorAvatarUrl ?? '',
  roles: [primaryRole(row.authorRoles)],
});

/** What every reader sees of a post: its card (cards.ts), as the contract writes it. */
export type PostCardOutput = Omit<
  PostOutput,
  'document' | keyof ReturnType<typeof presentReaderPart>
>;

export function presentCard(row: PostCardRow): PostCardOutput {
  return {
    id: row.id,
    kind: row.kind as PostOutput['kind'],
    slug: row.slug,
    title: row.title,
    content: row.html,
    language: row.language as PostOutput['language'],
    author: presentAuthor(row),
    group:
      row.groupId === null
        ? null
        : { id: row.groupId, slug: row.groupSlug ?? '', name: row.groupName ?? '' },
    hidden: row.hiddenAt !== null,
    helpfulCount: row.helpfulCount,
    acceptedCommentId: row.acceptedCommentId,
    commentCount: row.commentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What only this reader has of a post: their marks, and what they may do with it. */
export function presentReaderPart(
  post: Pick<policy.PostFacts, 'authorId'>,
  marks: { saved: boolean; helpful: boolean },
  actor: Actor,
) {
  return {
    saved: marks.saved,
    helpful: marks.helpful,
    mayEdit: policy.mayEdit(actor, post),
    mayDelete: policy.mayDelete(actor, post),
    mayHide: policy.mayHide(actor, post),
    mayMarkHelpful: policy.mayMarkHelpful(actor, post),
  };
}

/** A post as this reader gets it: the rendered HTML, its author, and what the reader may do. */
export function presentPost(row: PostRow, actor: Actor): PostOutput {
  return {
    ...presentCard(row),
    document: row.document,
    ...presentReaderPart(row, row, actor),
  };
}
