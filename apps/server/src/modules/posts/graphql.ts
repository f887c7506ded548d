import type { GraphQLContext } from '../../graphql/context';
import { memberOf, type RootFieldAccess } from '../../lib/access-rules';
import { parseDatabaseId } from '../../lib/ids';
import type { PostOutput } from '@attune/contract';
import { getPost, listPosts } from './service';
import { AppError } from '../../errors';

/**
 * Posts as WPGraphQL clients ask for them (spec §7 GetPosts: a language filter, default ALL;
 * `nodes { id title content slug }`), and one post by slug, database id or global id.
 */
export const postTypeDefs = /* GraphQL */ `
  "A language to list posts in; ALL lists every language (spec §7, the default)."
  enum LanguageCodeFilterEnum {
    ALL
    EN
    DE
    ES
  }
  "How post(id:) reads its id (WPGraphQL's PostIdType)."
  enum PostIdType {
    ID
    DATABASE_ID
    SLUG
  }
  "A post or question (spec §3: id, title, content, slug)."
  type Post {
    "Global id: base64 of post:<databaseId>."
    id: ID!
    databaseId: Int!
    title: String!
    "HTML rendered by the server from the allow-listed document (decision 0038)."
    content: String!
    slug: String!
    "When it was written (ISO 8601)."
    date: String!
    "When it last changed (ISO 8601)."
    modified: String!
    language: LanguageCodeEnum!
    isQuestion: Boolean!
  }
  input RootQueryToPostConnectionWhereArgs {
    language: LanguageCodeFilterEnum = ALL
  }
  type RootQueryToPostConnectionPageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }
  type RootQueryToPostConnection {
    nodes: [Post!]!
    pageInfo: RootQueryToPostConnectionPageInfo!
  }
  extend type Query {
    "Posts and questions the viewer may read, newest first (first: up to 100, default 10)."
    posts(
      first: Int
      after: String
      where: RootQueryToPostConnectionWhereArgs
    ): RootQueryToPostConnection!
    "One post the viewer may read; null when there is none."
    post(id: ID!, idType: PostIdType = ID): Post
  }
`;

export const postGlobalId = (id: number) => Buffer.from(`post:${id}`).toString('base64');

const presentNode = (post: PostOutput) => ({
  id: postGlobalId(post.id),
  databaseId: post.id,
  title: post.title,
  content: post.content,
  slug: post.slug,
  date: post.createdAt,
  modified: post.updatedAt,
  language: post.language.toUpperCase(),
  isQuestion: post.kind === 'question',
});

/** Who may ask each root field (decision 0028): members' posts are for signed-in members. */
export const postAccess = {
  Query: { posts: 'member', post: 'member' },
} satisfies RootFieldAccess;

/** The post an id names, as `idType` reads it; undefined when it names none. */
function postReference(id: string, idType: string): { id: number } | { slug: string } | undefined {
  if (idType === 'SLUG') return { slug: id };
  if (idType === 'DATABASE_ID') {
    const databaseId = parseDatabaseId(id);
    return databaseId ? { id: databaseId } : undefined;
  }
  const [type, raw] = Buffer.from(id, 'base64').toString().split(':');
  const databaseId = type === 'post' ? parseDatabaseId(raw) : undefined;
  return databaseId ? { id: databaseId } : undefined;
}

export const postResolvers = {
  Query: {
    async posts(
      _root: unknown,
      args: {
        first?: number | null;
        after?: string | null;
        where?: { language?: string | null } | null;
      },
      { app, request }: GraphQLContext,
    ) {
      const language = args.where?.language ?? 'ALL';
      const page = await listPosts(
        app.database.db,
        memberOf(request),
        {
          language: language === 'ALL' ? undefined : language.toLowerCase(),
          cursor: args.after ?? undefined,
          first: args.first ?? 10,
        },
        app.postCards,
      );
      const nodes = page.items.map(presentNode);
      return {
        nodes,
        pageInfo: {
          hasNextPage: page.nextCursor !== null,
          hasPreviousPage: false,
          startCursor: null,
          endCursor: page.nextCursor,
        },
      };
    },
    async post(
      _root: unknown,
      args: { id: string; idType?: string | null },
      { app, request }: GraphQLContext,
    ) {
      const reference = postReference(args.id, args.idType ?? 'ID');
      if (!reference) return null;
      try {
        return presentNode(await getPost(app.database.db, memberOf(request), reference));
      } catch (error) {
        // WPGraphQL answers null for a post that is not there (or not for this viewer).
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      }
    },
  },
};
