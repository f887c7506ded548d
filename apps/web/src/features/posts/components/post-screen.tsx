import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language, PostOutput } from '@attune/contract';
import { ReportMemberDialog } from '../../../components/connections/report-member-dialog';
import { TextLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';
import { RoleBadge } from '../../../components/ui/role-badge';
import { SafeHtml } from '../../../components/ui/safe-html';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { setHelpful } from '../../../lib/api/comments';
import {
  deletePost,
  postBySlugQueryOptions,
  postKeys,
  setPostHidden,
  setPostSaved,
} from '../../../lib/api/posts';
import { CommentsSection } from './comments-section';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PostComposer } from './post-composer';
import { formatLongDate } from '../../../lib/dates';
import { viewerQueryOptions } from '../../../lib/viewer';

/** `/{lang}/post/{slug}`: the post, who wrote it and when, and what the viewer may do with it. */
export function PostScreen({ slug, language }: { slug: string; language: Language }) {
  const { t } = useTranslation('posts');
  const { data: post } = useSuspenseQuery(postBySlugQueryOptions(slug));
  const [editing, setEditing] = useState(false);
  if (!post)
    return (
      <>
        <PageHeading>{t('post.notFound.title')}</PageHeading>
        <Typography>{t('post.notFound.text')}</Typography>
      </>
    );
  if (editing)
    return (
      <>
        <PageHeading title={post.title}>{post.title}</PageHeading>
        <PostComposer language={language} editing={post} onDone={() => setEditing(false)} />
      </>
    );
  return <PostArticle post={post} language={language} onEdit={() => setEditing(true)} />;
}

function PostArticle({
  post,
  language,
  onEdit,
}: {
  post: PostOutput;
  language: Language;
  onEdit: () => void;
}) {
  const { t } = useTranslation('posts');
  const { t: tCommon } = useTranslation('common');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showSnackbar = useAppSnackbar();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  // The logged layout's auth check has put the viewer in the cache; nobody reports their own post.
  const { data: viewer } = useQuery(viewerQueryOptions());
  const mayReport = Boolean(viewer) && viewer?.databaseId !== post.author.id;
  const refresh = () => queryClient.invalidateQueries({ queryKey: postKeys.all });
  const failed = () => showSnackbar({ message: t('post.actionFailed'), color: 'error' });

  const remove = useMutation({
    mutationFn: () => deletePost(post.id),
    onSuccess: async () => {
      setConfirmDelete(false);
      showSnackbar({ message: t('post.delete.done') });
      await refresh();
      await navigate({ to: '/$lang/posts/mine', params: { lang: language } });
    },
    onError: failed,
  });
  const hide = useMutation({
    mutationFn: (hidden: boolean) => setPostHidden(post.id, hidden),
    onSuccess: async (changed) => {
      showSnackbar({ message: changed.hidden ? t('post.hiddenDone') : t('post.shownDone') });
      await refresh();
    },
    onError: failed,
  });
  const save = useMutation({
    mutationFn: (saved: boolean) => setPostSaved(post.id, saved),
    onSuccess: async (answer) => {
      showSnackbar({
        message: answer.saved ? t('post.actions.savedDone') : t('post.actions.unsavedDone'),
      });
      await refresh();
    },
    onError: failed,
  });
  const helpful = useMutation({
    mutationFn: () => setHelpful('posts', post.id, !post.helpful),
    onSuccess: refresh,
    onError: failed,
  });
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      showSnackbar({ message: t('post.actions.linkCopied') });
    } catch {
      showSnackbar({ message: t('post.actions.linkNotCopied'), color: 'warning' });
    }
  };

  const author = post.author.nickname || post.author.name;
  return (
    <Box component="article" lang={post.language}>
      {post.kind === 'question' && (
        <Typography sx={{ fontWeight: 600, color: 'text.secondary' }}>
          {t('post.question')}
        </Typography>
      )}
      <PageHeading>{post.title}</PageHeading>
      <Box
        lang={language}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 3 }}
      >
        <Typography component="span">
          {post.author.nickname ? (
            <TextLink
              to="/$lang/profile/$nickname"
              params={{ lang: language, nickname: post.author.nickname }}
            >
              {t('post.by', { name: author })}
            </TextLink>
          ) : (
            t('post.by', { name: author })
          )}
        </Typography>
        <RoleBadge roles={post.author.roles} />
        {post.group && (
          <Typography component="span">
            <TextLink to="/$lang/groups/$group" params={{ lang: language, group: post.group.slug }}>
              {t('post.inGroup', { name: post.group.name })}
            </TextLink>
          </Typography>
        )}
        <Typography component="span" sx={{ color: 'text.secondary' }}>
          {t('post.written', { date: formatLongDate(post.createdAt, language) })}
          {post.updatedAt.slice(0, 16) !== post.createdAt.slice(0, 16) &&
            ` · ${t('post.edited', { date: formatLongDate(post.updatedAt, language) })}`}
          {post.language !== language &&
            ` · ${t('post.languageOfPost', {
              language: tCommon(`languageSwitcher.languages.${post.language}`),
            })}`}
        </Typography>
      </Box>
      {post.hidden && (
        <Typography
          lang={language}
          role="note"
          sx={{ mb: 2, p: 1.5, border: 1, borderColor: 'warning.main', borderRadius: 1 }}
        >
          {t('post.hidden')}
        </Typography>
      )}
      <SafeHtml
        html={post.content}
        sx={{
          mb: 4,
          '& img': { maxWidth: '100%', height: 'auto' },
          '& .mention': { fontWeight: 600 },
        }}
      />
      <Box
        component="section"
        lang={language}
        aria-label={t('post.actions.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}
      >
        {post.mayMarkHelpful && (
          <Button
            variant={post.helpful ? 'contained' : 'outlined'}
            aria-pressed={post.helpful}
            disabled={helpful.isPending}
            onClick={() => helpful.mutate()}
          >
            {t('post.actions.helpfulCount', { count: post.helpfulCount })}
          </Button>
        )}
        <Button
          variant={post.saved ? 'contained' : 'outlined'}
          aria-pressed={post.saved}
          disabled={save.isPending}
          onClick={() => save.mutate(!post.saved)}
        >
          {post.saved ? t('post.actions.saved') : t('post.actions.save')}
        </Button>
        <Button variant="outlined" onClick={copyLink}>
          {t('post.actions.copyLink')}
        </Button>
        {post.mayEdit && (
          <Button variant="outlined" onClick={onEdit}>
            {t('post.actions.edit')}
          </Button>
        )}
        {post.mayDelete && (
          <Button variant="outlined" color="error" onClick={() => setConfirmDelete(true)}>
            {t('post.actions.delete')}
          </Button>
        )}
        {post.mayHide && (
          <Button
            variant="outlined"
            disabled={hide.isPending}
            onClick={() => hide.mutate(!post.hidden)}
          >
            {post.hidden ? t('post.actions.show') : t('post.actions.hide')}
          </Button>
        )}
        {mayReport && (
          <Button variant="outlined" onClick={() => setReporting(true)}>
            {t('post.actions.report')}
          </Button>
        )}
      </Box>
      <CommentsSection post={post} language={language} />
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('post.delete.title')}
        text={t('post.delete.text')}
        confirmLabel={t('post.delete.confirm')}
        cancelLabel={t('post.delete.cancel')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
      {mayReport && (
        <ReportMemberDialog
          open={reporting}
          memberId={post.author.id}
          name={author}
          post={{ id: post.id, title: post.title }}
          onClose={() => setReporting(false)}
          onSent={() => {
            setReporting(false);
            showSnackbar({ message: t('post.actions.reportedDone') });
          }}
        />
      )}
    </Box>
  );
}
