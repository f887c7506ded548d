import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { JSONContent } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  POST_LIMITS,
  type Language,
  type PostKind,
  type PostOutput,
  type RichTextInput,
} from '@attune/contract';
import { RadioChoice } from '../../../components/forms/radio-choice';
import { FormAlert } from '../../../components/ui/form-alert';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { errorText } from '../../../lib/error-text';
import { postableGroupsQueryOptions } from '../../../lib/api/groups';
import { createPost, postKeys, updatePost } from '../../../lib/api/posts';
import { LazyRichTextEditor } from '../../../components/rich-text/lazy-rich-text-editor';
import { fieldError } from './text-errors';

export interface PostComposerProps {
  language: Language;
  /** The post to change; without it, a new post or question. */
  editing?: PostOutput;
  /** After saving a change, or on Cancel while editing. */
  onDone?: (post?: PostOutput) => void;
  /** A new post's Cancel (the feed's composer, opened by ComposerOpener); without it, none. */
  onCancel?: () => void;
  /**
   * The group a new post is written in (a group's page): fixed, not offered as a choice. Without
   * it the member may choose one of the groups they may write in, or none (their feed).
   */
  groupId?: number;
  /** The kind chosen at first (a group's Questions tab starts with a question). */
  defaultKind?: PostKind;
}

/**
 * Writing a post or a question, or changing one: kind, title, text, language (preset to the
 * interface language) and, for a new one, where it goes (the feed or one of the member's groups).
 * Checks what it can before sending, and shows the server's refusal in the member's language;
 * focus goes to the first field to fix.
 */
export function PostComposer({
  language,
  editing,
  onDone,
  onCancel,
  groupId,
  defaultKind = 'post',
}: PostComposerProps) {
  const { t } = useTranslation('posts');
  // The languages' own names, as the language switcher shows them.
  const { t: tCommon } = useTranslation('common');
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showSnackbar = useAppSnackbar();
  const [kind, setKind] = useState<PostKind>(editing?.kind ?? defaultKind);
  const [title, setTitle] = useState(editing?.title ?? '');
  const [postLanguage, setPostLanguage] = useState<Language>(editing?.language ?? language);
  const [content, setContent] = useState<{ document?: JSONContent; empty: boolean }>({
    empty: !editing,
  });
  const [problems, setProblems] = useState<{ title?: string; content?: string }>({});
  // '' is the member's feed (no group).
  const [chosenGroup, setChosenGroup] = useState('');
  const offerGroups = !editing && groupId === undefined;
  // Only groups the member may write in; without any, or while they load, no choice is shown.
  const groups = useQuery({ ...postableGroupsQueryOptions(), enabled: offerGroups });
  const groupChoices = offerGroups ? (groups.data ?? []) : [];
  const titleRef = useRef<HTMLInputElement>(null);
  const labelId = `${id}-content-label`;
  const helpId = `${id}-content-help`;
  const contentErrorId = `${id}-content-error`;

  const mutation = useMutation({
    mutationFn: () => {
      // The editor's document (TipTap's JSON, type 'doc'): the server reads it through its
      // allow-list (decision 0038).
      const document = content.document as RichTextInput | undefined;
      const body = {
        title: title.trim(),
        language: postLanguage,
        ...(document ? { content: document } : {}),
      };
      const group = groupId ?? (chosenGroup ? Number(chosenGroup) : undefined);
      return editing
        ? updatePost(editing.id, body)
        : createPost(kind, {
            ...body,
            content: document ?? '',
            ...(group === undefined ? {} : { groupId: group }),
          });
    },
    onSuccess: async (post) => {
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
      if (editing) {
        showSnackbar({ message: t('composer.saved') });
        onDone?.(post);
        return;
      }
      showSnackbar({ message: t('composer.published') });
      await navigate({ to: '/$lang/post/$slug', params: { lang: language, slug: post.slug } });
    },
    // A refusal about the title or the text is shown at that field, which takes the focus.
    onError: (error) => {
      const problem = fieldError(error);
      if (!problem) return;
      setProblems({ [problem.field]: problem.text });
      focusField(problem.field);
    },
  });

  const focusField = (field: 'title' | 'content') => {
    if (field === 'title') titleRef.current?.focus();
    else document.querySelector<HTMLElement>(`[aria-labelledby="${labelId}"]`)?.focus();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = {
      ...(title.trim() ? {} : { title: t('composer.errors.titleRequired') }),
      ...(content.empty ? { content: t('composer.errors.contentRequired') } : {}),
    };
    setProblems(found);
    if (found.title) focusField('title');
    else if (found.content) focusField('content');
    if (found.title || found.content) return;
    mutation.mutate();
  };

  const question = (editing?.kind ?? kind) === 'question';
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <Typography id={`${id}-heading`} component="h2" variant="h5" sx={{ mb: 2 }}>
        {editing ? t('composer.editHeading') : t('composer.heading')}
      </Typography>
      {!editing && (
        <RadioChoice
          id={`${id}-kind`}
          legend={t('composer.kind.label')}
          value={kind}
          options={[
            { value: 'post', label: t('composer.kind.post') },
            { value: 'question', label: t('composer.kind.question') },
          ]}
          onChange={setKind}
        />
      )}
      <TextField
        inputRef={titleRef}
        label={question ? t('composer.title.questionLabel') : t('composer.title.label')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        fullWidth
        error={Boolean(problems.title)}
        helperText={problems.title}
        slotProps={{ htmlInput: { maxLength: POST_LIMITS.titleMaxLength } }}
        sx={{ my: 2 }}
      />
      <Typography id={labelId} component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('composer.content.label')}
      </Typography>
      <Typography id={helpId} variant="body2" sx={{ mb: 1 }}>
        {t('composer.content.help')}
      </Typography>
      <LazyRichTextEditor
        labelledBy={labelId}
        describedBy={problems.content ? `${helpId} ${contentErrorId}` : helpId}
        invalid={Boolean(problems.content)}
        initial={editing?.document as JSONContent | undefined}
        onChange={(document, empty) => setContent({ document, empty })}
      />
      {problems.content && (
        <Typography id={contentErrorId} color="error" variant="body2" sx={{ mt: 0.5 }}>
          {problems.content}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mt: 3 }}>
        <TextField
          select
          label={t('composer.language.label')}
          value={postLanguage}
          onChange={(event) => setPostLanguage(event.target.value as Language)}
          sx={{ minWidth: 240 }}
        >
          {LANGUAGES.map((code) => (
            <MenuItem key={code} value={code} lang={code}>
              {tCommon(`languageSwitcher.languages.${code}`)}
            </MenuItem>
          ))}
        </TextField>
        {groupChoices.length > 0 && (
          <TextField
            select
            label={t('composer.group.label')}
            helperText={t('composer.group.help')}
            value={chosenGroup}
            onChange={(event) => setChosenGroup(event.target.value)}
            sx={{ minWidth: 240, maxWidth: '100%' }}
          >
            <MenuItem value="">{t('composer.group.none')}</MenuItem>
            {groupChoices.map((group) => (
              <MenuItem key={group.id} value={String(group.id)}>
                {group.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <FormAlert severity="error">
        {mutation.isError && !fieldError(mutation.error)
          ? errorText(mutation.error, t('composer.errors.failed'))
          : null}
      </FormAlert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          {mutation.isPending
            ? editing
              ? t('composer.saving')
              : t('composer.publishing')
            : editing
              ? t('composer.save')
              : question
                ? t('composer.publishQuestion')
                : t('composer.publish')}
        </Button>
        {(editing || onCancel) && (
          <Button variant="outlined" onClick={() => (editing ? onDone?.() : onCancel?.())}>
            {t('composer.cancel')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
