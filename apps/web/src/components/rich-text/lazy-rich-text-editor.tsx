import { lazy, Suspense } from 'react';
import { EditorLoading } from './editor-loading';
import type { RichTextEditorProps } from './rich-text-editor';

// The editor and TipTap load only when a composer is shown (issue 12: never on the first screen).
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The post and comment editor, loaded on first use, with a status line while it loads. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorLoading />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
