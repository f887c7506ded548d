import { primaryRole, type PostOutput } from '@attune/contract';
import type { Actor } from '@attune/contract';
import { standingOf } from '../groups/service';
import * as policy from './policy';
import type { PostRow } from './repository';

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

/** A post as this reader gets it: the rendered HTML, its author, and what the reader may do. */
export function presentPost(row: PostRow, actor: Actor): PostOutput {
  const facts = factsOf(row);
  return {
    id: row.id,
    kind: row.kind as PostOutput['kind'],
    slug: row.slug,
    title: row.title,
    content: row.html,
    document: row.document,
    language: row.language as PostOutput['language'],
    author: presentAuthor(row),
    group:
      row.groupId === null
        ? null
        : { id: row.groupId, slug: row.groupSlug ?? '', name: row.groupName ?? '' },
    hidden: facts.hidden,
    saved: row.saved,
    helpfulCount: row.helpfulCount,
    helpful: row.helpful,
    acceptedCommentId: row.acceptedCommentId,
    commentCount: row.commentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mayEdit: policy.mayEdit(actor, facts),
    mayDelete: policy.mayDelete(actor, facts),
    mayHide: policy.mayHide(actor, facts),
    mayMarkHelpful: policy.mayMarkHelpful(actor, facts),
  };
}
