/**
 * Comment calls (spec §7: comments, comments/mention; decision 0040), helpful marks and accepted
 * answers: one fetcher or query-options factory per call.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type {
  CommentListOutput,
  CommentOutput,
  HelpfulOutput,
  MentionOutput,
  MessageOutput,
  RichTextInput,
} from '@attune/contract';
import { authed } from './profile';
import { postKeys } from './posts';

/** Query keys of a post's comments: under the post's keys, so changing either refreshes both. */
export const commentKeys = {
  ofPost: (postId: number) => [...postKeys.all, 'comments', postId] as const,
};

/** `GET /api/comments?postId=`: a post's comments, oldest first, page by page. */
export const commentsQueryOptions = (postId: number) =>
  infiniteQueryOptions({
    queryKey: commentKeys.ofPost(postId),
    queryFn: ({ pageParam }) =>
      authed<CommentListOutput>(
        `comments?postId=${postId}${pageParam ? `&cursor=${pageParam}` : ''}`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const createComment = (postId: number, content: RichTextInput, parentId?: number) =>
  authed<CommentOutput>('comments', {
    method: 'POST',
    body: { postId, content, ...(parentId ? { parentId } : {}) },
  });

export const updateComment = (id: number, content: RichTextInput) =>
  authed<CommentOutput>(`comments/${id}`, { method: 'PATCH', body: { content } });

export const deleteComment = (id: number) =>
  authed<MessageOutput>(`comments/${id}`, { method: 'DELETE' });

export const setCommentHidden = (id: number, hidden: boolean) =>
  authed<CommentOutput>(`comments/${id}/hidden`, { method: 'PUT', body: { hidden } });

/** Marks a post or a comment helpful, or takes the mark back. */
export const setHelpful = (target: 'posts' | 'comments', id: number, helpful: boolean) =>
  authed<HelpfulOutput>(`${target}/${id}/helpful`, { method: 'PUT', body: { helpful } });

/** The asker accepts an answer to their question, or none. */
export const acceptAnswer = (postId: number, commentId: number | null) =>
  authed<{ acceptedCommentId: number | null }>(`posts/${postId}/accepted-answer`, {
    method: 'PUT',
    body: { commentId },
  });

/** `GET /api/comments/mention`: members the viewer may mention whose name matches. */
export const mentionCandidates = (search: string, signal?: AbortSignal) =>
  authed<MentionOutput>(`comments/mention?search=${encodeURIComponent(search)}`, { signal });
