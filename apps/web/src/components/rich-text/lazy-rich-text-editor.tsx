import { lazy, Suspense } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RichTextEditorProps } from './rich-text-editor';

// The editor and TipTap load only when a composer is shown (issue 12: never on the first screen).
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The post and comment editor, loaded on first use, with a status line while it loads. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation('posts');
  return (
    <Suspense
      fallback={
        <Typography role="status" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {t('composer.content.loading')}
        </Typography>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
