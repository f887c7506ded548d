import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CommentOutput, Language, PostOutput } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { RoleBadge } from '../../../components/ui/role-badge';
import { SafeHtml } from '../../../components/ui/safe-html';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import {
  acceptAnswer,
  commentsQueryOptions,
  deleteComment,
  setCommentHidden,
  setHelpful,
} from '../../../lib/api/comments';
import { postKeys } from '../../../lib/api/posts';
import { CommentComposer } from './comment-composer';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatLongDate } from '../../../lib/dates';

/**
 * A post's comments (a question's answers), threaded one level: each comment with its replies
 * under it, a question's accepted answer first; then the field to write one. Every action is a
 * labelled button; the focus stays where the member was.
 */
export function CommentsSection({ post, language }: { post: PostOutput; language: Language }) {
  const { t } = useTranslation('posts');
  const comments = useInfiniteQuery(commentsQueryOptions(post.id));
  const all = comments.data?.pages.flatMap((page) => page.items) ?? [];
  const question = post.kind === 'question';
  const threads = all
    .filter((comment) => comment.parentId === null)
    .sort((a, b) => Number(b.accepted) - Number(a.accepted));
  const repliesTo = (parent: CommentOutput) =>
    all.filter((comment) => comment.parentId === parent.id);
  const headingId = `comments-${post.id}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 6 }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ mb: 2 }}>
        {question
          ? t('comments.answersHeading', { count: all.length })
          : t('comments.heading', { count: all.length })}
      </Typography>
      {comments.isPending ? (
        <Typography role="status">{t('composer.content.loading')}</Typography>
      ) : threads.length === 0 ? (
        <Typography>{question ? t('comments.noAnswers') : t('comments.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {threads.map((thread) => (
            <Box
              component="li"
              key={thread.id}
              sx={{ borderTop: 1, borderColor: 'divider', py: 2 }}
            >
              <CommentItem comment={thread} post={post} language={language} />
              {repliesTo(thread).length > 0 && (
                <Box
                  component="ul"
                  aria-label={t('comments.repliesTo', { name: authorName(thread) })}
                  sx={{
                    listStyle: 'none',
                    m: 0,
                    mt: 2,
                    pl: { xs: 2, sm: 4 },
                    borderLeft: 3,
                    borderColor: 'divider',
                  }}
                >
                  {repliesTo(thread).map((reply) => (
                    <Box component="li" key={reply.id} sx={{ py: 1.5 }}>
                      <CommentItem comment={reply} post={post} language={language} />
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
      {comments.hasNextPage && (
        <Button
          variant="outlined"
          sx={{ mt: 2 }}
          disabled={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {t('comments.more')}
        </Button>
      )}
      <Box sx={{ mt: 4 }}>
        <Typography component="h3" variant="h6">
          {question ? t('comments.writeAnswer') : t('comments.write')}
        </Typography>
        <CommentComposer
          postId={post.id}
          label={question ? t('comments.answerLabel') : t('comments.label')}
          sendLabel={question ? t('comments.sendAnswer') : t('comments.send')}
        />
      </Box>
    </Box>
  );
}

const authorName = (comment: CommentOutput) => comment.author.nickname || comment.author.name;

function CommentItem({
  comment,
  post,
  language,
}: {
  comment: CommentOutput;
  post: PostOutput;
  language: Language;
}) {
  const { t } = useTranslation('posts');
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const [mode, setMode] = useState<'read' | 'reply' | 'edit'>('read');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: postKeys.all });
  const failed = () => showSnackbar({ message: t('post.actionFailed'), color: 'error' });
  const helpful = useMutation({
    mutationFn: () => setHelpful('comments', comment.id, !comment.helpful),
    onSuccess: refresh,
    onError: failed,
  });
  const accept = useMutation({
    mutationFn: () => acceptAnswer(post.id, comment.accepted ? null : comment.id),
    onSuccess: async (answer) => {
      if (answer.acceptedCommentId) showSnackbar({ message: t('comments.acceptedDone') });
      await refresh();
    },
    onError: failed,
  });
  const hide = useMutation({
    mutationFn: () => setCommentHidden(comment.id, !comment.hidden),
    onSuccess: refresh,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => deleteComment(comment.id),
    onSuccess: async () => {
      setConfirmDelete(false);
      showSnackbar({ message: t('comments.deleted') });
      await refresh();
    },
    onError: failed,
  });
  const name = authorName(comment);
  return (
    <Box component="article" aria-label={name}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {comment.author.nickname ? (
            <TextLink
              to="/$lang/profile/$nickname"
              params={{ lang: language, nickname: comment.author.nickname }}
            >
              {name}
            </TextLink>
          ) : (
            name
          )}
        </Typography>
        <RoleBadge roles={comment.author.roles} />
        <Typography component="span" sx={{ color: 'text.secondary' }}>
          {formatLongDate(comment.createdAt, language)}
        </Typography>
        {comment.accepted && (
          <Typography component="span" sx={{ fontWeight: 700, color: 'success.dark' }}>
            ✓ {t('comments.accepted')}
          </Typography>
        )}
        {comment.hidden && (
          <Typography component="span" sx={{ color: 'warning.dark', fontWeight: 600 }}>
            {t('comments.hidden')}
          </Typography>
        )}
      </Box>
      {mode === 'edit' ? (
        <CommentComposer
          postId={post.id}
          editing={comment}
          label={t('comments.label')}
          sendLabel={t('comments.actions.save')}
          onDone={() => setMode('read')}
        />
      ) : (
        <SafeHtml
          html={comment.content}
          lang={post.language}
          sx={{ '& p:last-child': { mb: 1 } }}
        />
      )}
      {mode !== 'edit' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {comment.mayMarkHelpful && (
            <Button
              size="small"
              variant={comment.helpful ? 'contained' : 'outlined'}
              aria-pressed={comment.helpful}
              disabled={helpful.isPending}
              onClick={() => helpful.mutate()}
            >
              {t('comments.actions.helpfulCount', { count: comment.helpfulCount })}
            </Button>
          )}
          {!comment.mayMarkHelpful && comment.helpfulCount > 0 && (
            <Typography variant="body2" sx={{ alignSelf: 'center', color: 'text.secondary' }}>
              {t('comments.actions.helpfulCount', { count: comment.helpfulCount })}
            </Typography>
          )}
          <Button
            size="small"
            variant="outlined"
            onClick={() => setMode(mode === 'reply' ? 'read' : 'reply')}
          >
            {t('comments.actions.reply')}
          </Button>
          {comment.mayAccept && (
            <Button
              size="small"
              variant="outlined"
              color="success"
              disabled={accept.isPending}
              onClick={() => accept.mutate()}
            >
              {comment.accepted ? t('comments.actions.unaccept') : t('comments.actions.accept')}
            </Button>
          )}
          {comment.mayEdit && (
            <Button size="small" variant="outlined" onClick={() => setMode('edit')}>
              {t('comments.actions.edit')}
            </Button>
          )}
          {comment.mayDelete && (
            <Button
              size="small"
              variant="outlined"
              color="error"
              onClick={() => setConfirmDelete(true)}
            >
              {t('comments.actions.delete')}
            </Button>
          )}
          {comment.mayHide && (
            <Button
              size="small"
              variant="outlined"
              disabled={hide.isPending}
              onClick={() => hide.mutate()}
            >
              {comment.hidden ? t('comments.actions.show') : t('comments.actions.hide')}
            </Button>
          )}
        </Box>
      )}
      {mode === 'reply' && (
        <CommentComposer
          postId={post.id}
          parentId={comment.parentId ?? comment.id}
          label={t('comments.replyLabel', { name })}
          sendLabel={t('comments.sendReply')}
          onDone={() => setMode('read')}
        />
      )}
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('comments.deleteDialog.title')}
        text={t('comments.deleteDialog.text')}
        confirmLabel={t('comments.deleteDialog.confirm')}
        cancelLabel={t('comments.deleteDialog.cancel')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Box>
  );
}
