/**
 * Post calls (spec §7: posts, posts/question; decision 0039): one fetcher and one query-options
 * factory per call. A post the viewer may not read answers 404, read here as "none".
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  MessageOutput,
  PostCreateInput,
  PostKind,
  PostListOutput,
  PostOutput,
  PostSaveOutput,
  PostUpdateInput,
} from '@attune/contract';
import { getConfig, joinUrl } from '../config';
import { authed, authedUpload } from './profile';
import { ApiError } from '../rest-client';

/** Query keys of posts; writing, changing or deleting one refreshes them all. */
export const postKeys = {
  all: ['posts'] as const,
  mine: () => [...postKeys.all, 'mine'] as const,
  feed: () => [...postKeys.all, 'feed'] as const,
  saved: () => [...postKeys.all, 'saved'] as const,
  bySlug: (slug: string) => [...postKeys.all, 'slug', slug] as const,
};

/** `POST /api/posts` or `POST /api/posts/question`. */
export const createPost = (kind: PostKind, input: PostCreateInput) =>
  authed<PostOutput>(kind === 'question' ? 'posts/question' : 'posts', {
    method: 'POST',
    body: input,
  });

/** `PATCH /api/posts/{id}`: the author's change. */
export const updatePost = (id: number, input: PostUpdateInput) =>
  authed<PostOutput>(`posts/${id}`, { method: 'PATCH', body: input });

/** `DELETE /api/posts/{id}`. */
export const deletePost = (id: number) =>
  authed<MessageOutput>(`posts/${id}`, { method: 'DELETE' });

/** `PUT /api/posts/{id}/hidden`: staff hide a post from members, or show it again. */
export const setPostHidden = (id: number, hidden: boolean) =>
  authed<PostOutput>(`posts/${id}/hidden`, { method: 'PUT', body: { hidden } });

/** `GET /api/posts/slug/{slug}`: the post, or null when there is none for the viewer. */
export const postBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: postKeys.bySlug(slug),
    queryFn: async () => {
      try {
        return await authed<PostOutput>(`posts/slug/${encodeURIComponent(slug)}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** `GET /api/posts/mine`: the viewer's posts, newest first, page by page. */
export const myPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: postKeys.mine(),
    queryFn: ({ pageParam }) =>
      authed<PostListOutput>(`posts/mine${pageParam ? `?cursor=${pageParam}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** `POST /api/posts/saved` or `DELETE /api/posts/saved/{id}`: save a post, or take it off. */
export const setPostSaved = (postId: number, saved: boolean) =>
  saved
    ? authed<PostSaveOutput>('posts/saved', { method: 'POST', body: { postId } })
    : authed<PostSaveOutput>(`posts/saved/${postId}`, { method: 'DELETE' });

/** `GET /api/posts/saved`: the posts the viewer saved, newest saved first, page by page. */
export const savedPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: postKeys.saved(),
    queryFn: ({ pageParam }) =>
      authed<PostListOutput>(`posts/saved${pageParam ? `?cursor=${pageParam}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** `GET /api/posts/feed`: the viewer's feed, newest first, page by page. */
export const feedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(),
    queryFn: ({ pageParam }) =>
      authed<PostListOutput>(`posts/feed${pageParam ? `?cursor=${pageParam}` : ''}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** `POST /api/media`: an image for a post or comment, re-encoded by the server; its URL. */
export async function uploadPostImage(file: Blob, filename: string): Promise<string> {
  const body = (await authedUpload(joinUrl(getConfig().restUrl, 'media'), () => {
    const form = new FormData();
    form.append('file', file, filename);
    return form;
  })) as { url?: string };
  if (!body?.url) throw new ApiError('unknown_error', 200, '');
  return body.url;
}
