import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { EditorLoading } from '../../../components/rich-text/editor-loading';

// The composer, its fields and the editor load when the member opens them (decision 0057): on the
// home page they were a third of the first load's JavaScript, for a form most visits never use.
const PostComposer = lazy(() =>
  import('./post-composer').then((module) => ({ default: module.PostComposer })),
);

/** Moves the focus to the first field inside `container` once it is on screen (first render). */
function FocusFirstField({ container }: { container: React.RefObject<HTMLElement | null> }) {
  useEffect(() => {
    container.current
      ?.querySelector<HTMLElement>('input, textarea, [contenteditable="true"]')
      ?.focus();
  }, [container]);
  return null;
}

/**
 * "Write a post or ask a question" as a button that opens the composer in its place (the feed, on
 * the home page and its own page). Opened, the focus goes to the composer's first field; Cancel
 * closes it and gives the focus back to the button. Publishing opens the new post's page.
 */
export function ComposerOpener({ language }: { language: Language }) {
  const { t } = useTranslation('posts');
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const composer = useRef<HTMLDivElement>(null);
  // After Cancel the button is back: the focus returns to it (not on the first render).
  const closedByMember = useRef(false);
  useEffect(() => {
    if (!open && closedByMember.current) opener.current?.focus();
  }, [open]);

  if (!open)
    return (
      <Button ref={opener} variant="contained" onClick={() => setOpen(true)}>
        {t('composer.heading')}
      </Button>
    );
  return (
    <Box ref={composer}>
      <Suspense fallback={<EditorLoading />}>
        <PostComposer
          language={language}
          onCancel={() => {
            closedByMember.current = true;
            setOpen(false);
          }}
        />
        <FocusFirstField container={composer} />
      </Suspense>
    </Box>
  );
}
