import { useCallback, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Editor, JSONContent } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import type { CommentOutput, RichTextInput } from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { createComment, updateComment } from '../../../lib/api/comments';
import { errorText } from '../../../lib/error-text';
import { postKeys } from '../../../lib/api/posts';
import { LazyRichTextEditor } from '../../../components/rich-text/lazy-rich-text-editor';
import { MentionPicker } from './mention-picker';
import { fieldError } from './text-errors';

export interface CommentComposerProps {
  postId: number;
  /** The visible label of the text box ("Your answer", "Your reply to Ana" …). */
  label: string;
  sendLabel: string;
  /** The comment answered (a reply). */
  parentId?: number;
  /** The comment to change. */
  editing?: CommentOutput;
  /** After sending, or on Cancel (replies and changes). */
  onDone?: () => void;
}

/**
 * Writing a comment, an answer or a reply, or changing one: the editor, the "Mention a member"
 * list that puts a mention where the caret was, and the send button; the server's refusal shows
 * in the member's language, and the text stays to be corrected.
 */
export function CommentComposer({
  postId,
  label,
  sendLabel,
  parentId,
  editing,
  onDone,
}: CommentComposerProps) {
  const { t } = useTranslation('posts');
  const id = useId();
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const editor = useRef<Editor | null>(null);
  const [content, setContent] = useState<{ document?: JSONContent; empty: boolean }>({
    empty: !editing,
  });
  // What is wrong with the text, shown under the editor: nothing written, or the server's refusal.
  const [problem, setProblem] = useState<string | null>(null);
  const onReady = useCallback((ready: Editor) => {
    editor.current = ready;
  }, []);

  const mutation = useMutation({
    mutationFn: () => {
      const document = content.document as RichTextInput;
      return editing
        ? updateComment(editing.id, document)
        : createComment(postId, document, parentId);
    },
    onSuccess: async () => {
      editor.current?.commands.clearContent(true);
      showSnackbar({ message: t('comments.sent') });
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
      onDone?.();
    },
    onError: (error) => {
      const refused = fieldError(error);
      if (!refused) return;
      setProblem(refused.text);
      editor.current?.commands.focus();
    },
  });

  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(content.empty ? t('composer.errors.contentRequired') : null);
    if (content.empty) {
      editor.current?.commands.focus();
      return;
    }
    mutation.mutate();
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2 }}>
      <Typography id={labelId} component="p" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      <LazyRichTextEditor
        compact
        labelledBy={labelId}
        describedBy={problem ? errorId : undefined}
        invalid={Boolean(problem)}
        initial={editing?.document as JSONContent | undefined}
        onReady={onReady}
        onChange={(document, empty) => {
          setContent({ document, empty });
          if (!empty && !mutation.isError) setProblem(null);
        }}
      />
      {problem && (
        <Typography id={errorId} color="error" variant="body2" sx={{ mt: 0.5 }}>
          {problem}
        </Typography>
      )}
      <MentionPicker
        onPick={(member) =>
          editor.current
            ?.chain()
            .focus()
            .insertContent([
              { type: 'mention', attrs: { id: member.id, label: member.nickname } },
              { type: 'text', text: ' ' },
            ])
            .run()
        }
      />
      <FormAlert severity="error">
        {mutation.isError && !fieldError(mutation.error)
          ? errorText(mutation.error, t('comments.failed'))
          : null}
      </FormAlert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          {mutation.isPending ? t('comments.sending') : sendLabel}
        </Button>
        {onDone && (
          <Button variant="outlined" onClick={onDone}>
            {t('comments.actions.cancel')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
