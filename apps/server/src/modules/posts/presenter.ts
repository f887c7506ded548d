import { primaryRole, type PostOutput } from '@attune/contract';
import type { Actor } from '@attune/contract';
import * as policy from './policy';
import type { PostRow } from './repository';

/** The facts the policy decides on, from a post row. */
export const factsOf = (row: Pick<PostRow, 'authorId' | 'hiddenAt'>): policy.PostFacts => ({
  authorId: row.authorId,
  hidden: row.hiddenAt !== null,
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
    author: {
      id: row.authorId,
      nickname: row.authorNickname,
      name: row.authorFirstName,
      avatarUrl: row.authorAvatarUrl ?? '',
      roles: [primaryRole(row.authorRoles)],
    },
    hidden: facts.hidden,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mayEdit: policy.mayEdit(actor, facts),
    mayDelete: policy.mayDelete(actor, facts),
    mayHide: policy.mayHide(actor, facts),
  };
}
