import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, type ChatImage } from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { newClientId, uploadChatImage } from '../../../lib/api/chat';
import { errorText } from '../../../lib/error-text';
import type { Draft } from '../hooks/use-outbox';
import { sendErrorText } from '../lib/send-error-text';

export interface MessageComposerProps {
  /** Sends the draft; rejects with the server's error when it was not sent. */
  onSend: (draft: Draft) => Promise<unknown>;
  /** The member changed the text (the typing signal). */
  onTyping?: () => void;
  /** Takes the focus when shown (the conversation the member just started). */
  focusOnShow?: boolean;
}

const sameImage = (a: ChatImage | null, b: ChatImage | null) => a?.url === b?.url;

/**
 * Writing a message: a multi-line field (Enter sends, Shift+Enter starts a new line, as the hint
 * under it says), an image button that uploads at once, and Send, disabled while there is nothing
 * to send. The text leaves the field while it is sent; when that fails it comes back with the
 * reason, and sending it unchanged again reuses its client id, so it is never stored twice.
 */
export function MessageComposer({ onSend, onTyping, focusOnShow = false }: MessageComposerProps) {
  const { t } = useTranslation('chat');
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [image, setImage] = useState<ChatImage | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The last draft that failed: sent again unchanged, it keeps its client id. */
  const failed = useRef<Draft | null>(null);

  useEffect(() => {
    if (focusOnShow) field.current?.focus();
  }, [focusOnShow]);

  const trimmed = text.trim();
  const canSend = (trimmed.length > 0 || image !== null) && !uploading;

  const submit = () => {
    if (!canSend) return;
    const previous = failed.current;
    const draft: Draft = {
      clientId:
        previous && previous.text === trimmed && sameImage(previous.image, image)
          ? previous.clientId
          : newClientId(),
      text: trimmed,
      image,
    };
    setText('');
    setImage(null);
    setProblem(null);
    field.current?.focus();
    onSend(draft).then(
      () => {
        if (failed.current?.clientId === draft.clientId) failed.current = null;
      },
      (error: unknown) => {
        failed.current = draft;
        // What the member typed meanwhile stays, after the text that was not sent.
        setText((current) => (current.trim() ? `${draft.text}\n${current}` : draft.text));
        setImage((current) => current ?? draft.image);
        setProblem(sendErrorText(error, t));
      },
    );
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter while composing (an input method's candidate list) picks the candidate, not sends.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      setImage(await uploadChatImage(file, file.name));
    } catch (error) {
      setProblem(errorText(error, t('composer.image.failed')));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const removeImage = () => {
    setImage(null);
    field.current?.focus();
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate sx={{ mt: 2 }}>
      <TextField
        inputRef={field}
        id={`${id}-text`}
        label={t('composer.label')}
        helperText={t('composer.hint')}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onTyping?.();
        }}
        onKeyDown={handleKeyDown}
        slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.messageMax } }}
      />
      {image ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 1.5 }}>
          <Box
            component="img"
            src={image.url}
            alt={t('composer.image.preview')}
            width={image.width}
            height={image.height}
            sx={{
              width: 'auto',
              height: 'auto',
              maxWidth: '8rem',
              maxHeight: '6rem',
              borderRadius: 1,
            }}
          />
          <Button variant="outlined" onClick={removeImage}>
            {t('composer.image.remove')}
          </Button>
        </Box>
      ) : null}
      <Typography role="status" variant="body2" sx={{ mt: uploading ? 1 : 0 }}>
        {uploading ? t('composer.image.uploading') : null}
      </Typography>
      <FormAlert severity="error">{problem}</FormAlert>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end', mt: 1 }}>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          tabIndex={-1}
          aria-label={t('composer.image.add')}
          onChange={(event) => void handleFile(event.target.files?.[0])}
        />
        <Button
          variant="outlined"
          aria-disabled={uploading}
          onClick={() => !uploading && fileInput.current?.click()}
        >
          {image ? t('composer.image.change') : t('composer.image.add')}
        </Button>
        <Button type="submit" variant="contained" disabled={!canSend}>
          {t('composer.send')}
        </Button>
      </Box>
    </Box>
  );
}
