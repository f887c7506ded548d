import { z } from 'zod';
import { LANGUAGES } from './constants';
import { RichTextInput } from './rich-text';

/**
 * Posts and questions (step 7, decision 0039): `POST /api/posts`, `POST /api/posts/question`,
 * `GET|PATCH|DELETE /api/posts/{id}`, `PUT /api/posts/{id}/hidden`, `GET /api/posts/mine`; GraphQL
 * `posts` and `post` as WPGraphQL clients send them.
 */

export const POST_KINDS = ['post', 'question'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export const POST_LIMITS = {
  titleMaxLength: 200,
  /** Posts per member in this many seconds (issue 12: one post per 5 s). */
  everySeconds: 5,
  /** The same text by the same member is refused for this long (issue 12: 5 minutes). */
  duplicateSeconds: 5 * 60,
  /** Characters of the title kept in the slug (the suffix for duplicates comes on top). */
  slugMaxLength: 80,
  /** Posts per page of a list. */
  pageSize: 20,
} as const;

const title = z.string().trim().min(1).max(POST_LIMITS.titleMaxLength);

/** A new post or question: its title, its rich text (editor document or HTML) and its language. */
export const PostCreateInput = z.object({
  title,
  content: RichTextInput,
  language: z.enum(LANGUAGES),
  /** The group it is written in (the writer must be one of its members); none for the feed. */
  groupId: z.coerce.number().int().positive().optional(),
});
export type PostCreateInput = z.infer<typeof PostCreateInput>;

/** What the author changes of their post; the slug stays, so links to it keep working. */
export const PostUpdateInput = z
  .object({
    title: title.optional(),
    content: RichTextInput.optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((input) => Object.keys(input).length > 0, { message: 'Nothing to change.' });
export type PostUpdateInput = z.infer<typeof PostUpdateInput>;

/** Staff hide a post from members (or show it again); its author still sees it, marked hidden. */
export const PostHiddenInput = z.object({ hidden: z.boolean() });

export const PostIdParams = z.object({ id: z.coerce.number().int().positive() });

/** `POST /api/posts/saved` (spec §7 declared path posts/saved). */
export const PostSaveInput = z.object({ postId: z.coerce.number().int().positive() });

export const PostSavedParams = z.object({ postId: z.coerce.number().int().positive() });

export const PostSaveOutput = z.object({ postId: z.number().int(), saved: z.boolean() });
export type PostSaveOutput = z.infer<typeof PostSaveOutput>;

export const PostSlugParams = z.object({ slug: z.string().min(1).max(200) });

export const PostListQuery = z.object({
  /** `nextCursor` of the previous page; absent for the first page. */
  cursor: z.string().max(100).optional(),
});

/** Who wrote a post, as every reader may see them. */
export const PostAuthor = z.object({
  id: z.number().int(),
  nickname: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
  roles: z.array(z.string()),
});

/** A post as its reader gets it: the rendered HTML, and what the reader may do with it. */
export const PostOutput = z.object({
  id: z.number().int(),
  kind: z.enum(POST_KINDS),
  slug: z.string(),
  title: z.string(),
  /** HTML rendered by the server from the allow-listed document (decision 0038). */
  content: z.string(),
  /**
   * The editor's document, for editing: only when one post is read (`posts/{id}`, `posts/slug`,
   * and the answers to writing and changing); lists leave it out.
   */
  document: z.unknown().optional(),
  language: z.enum(LANGUAGES),
  author: PostAuthor,
  /** The group it was written in, or null. */
  group: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  hidden: z.boolean(),
  /** Whether the reader saved it (`posts/saved`). */
  saved: z.boolean(),
  helpfulCount: z.number().int(),
  /** Whether the reader marked it helpful. */
  helpful: z.boolean(),
  /** The answer its asker accepted (questions), or null. */
  acceptedCommentId: z.number().int().nullable(),
  /** Comments and replies the reader may see. */
  commentCount: z.number().int(),
  mayMarkHelpful: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  mayEdit: z.boolean(),
  mayDelete: z.boolean(),
  mayHide: z.boolean(),
});
export type PostOutput = z.infer<typeof PostOutput>;

export const PostListOutput = z.object({
  items: z.array(PostOutput),
  nextCursor: z.string().nullable(),
});
export type PostListOutput = z.infer<typeof PostListOutput>;

/** GraphQL `posts`, as the spec's GetPosts sends it (§7): a language filter, default ALL. */
export const GET_POSTS_QUERY = /* GraphQL */ `
  query GetPosts($language: LanguageCodeFilterEnum = ALL, $first: Int = 20, $after: String) {
    posts(first: $first, after: $after, where: { language: $language }) {
      nodes {
        id
        databaseId
        title
        content
        slug
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;
