import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useState } from 'react';
import {
  EditorContent,
  useEditor,
  useEditorState,
  type Editor,
  type JSONContent,
} from '@tiptap/react';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { ImageDialog } from './image-dialog';
import { MentionNode } from './mention-node';

export interface RichTextEditorProps {
  /** The id of the visible label that names the text box. */
  labelledBy: string;
  /** Ids of the help and error texts read with it. */
  describedBy?: string;
  invalid?: boolean;
  /** The document (or HTML) to start from (editing), or nothing (a new text). */
  initial?: JSONContent | string;
  /** Each change: the document, whether it is empty, and its HTML (pages and the FAQ keep HTML). */
  onChange: (document: JSONContent, empty: boolean, html: string) => void;
  /** Called with the editor once it exists (to insert mentions, or to empty it after sending). */
  onReady?: (editor: Editor) => void;
  /** A shorter box (comments). */
  compact?: boolean;
  /** Whether to offer adding an image (on unless turned off). */
  images?: boolean;
}

/**
 * The post editor (TipTap, lazy-loaded so it never weighs on the first screen). It offers only
 * what the server keeps (decision 0038): paragraphs, headings 2–3, bold, italic, strike, code,
 * lists, quotes, links, mentions and images (uploaded through the media endpoint, with a
 * description); the server reads the document through its allow-list anyway. Every
 * format has a labelled toggle and its usual keyboard shortcut.
 */
export default function RichTextEditor({
  labelledBy,
  describedBy,
  invalid,
  initial,
  onChange,
  onReady,
  compact,
  images = true,
}: RichTextEditorProps) {
  const { t } = useTranslation('posts');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        horizontalRule: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
        },
      }),
      MentionNode,
      Image.configure({ inline: false }),
    ],
    content: initial ?? '',
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        spellcheck: 'true',
      },
    },
    onUpdate: ({ editor: changed }) =>
      onChange(changed.getJSON(), changed.isEmpty, changed.getHTML()),
  });
  const [addingImage, setAddingImage] = useState(false);
  useEffect(() => {
    onReady?.(editor);
  }, [editor, onReady]);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
    }),
  });
  const formats = [
    {
      key: 'bold',
      label: t('composer.toolbar.bold'),
      run: () => editor.chain().focus().toggleBold().run(),
      text: 'B',
    },
    {
      key: 'italic',
      label: t('composer.toolbar.italic'),
      run: () => editor.chain().focus().toggleItalic().run(),
      text: 'I',
    },
    {
      key: 'bulletList',
      label: t('composer.toolbar.bulletList'),
      run: () => editor.chain().focus().toggleBulletList().run(),
      text: '•',
    },
    {
      key: 'orderedList',
      label: t('composer.toolbar.orderedList'),
      run: () => editor.chain().focus().toggleOrderedList().run(),
      text: '1.',
    },
    {
      key: 'blockquote',
      label: t('composer.toolbar.quote'),
      run: () => editor.chain().focus().toggleBlockquote().run(),
      text: '“',
    },
  ] as const;
  return (
    <Box>
      {/* One tab stop; the arrow keys move between the formats (the toolbar pattern). */}
      <ToggleButtonGroup
        role="toolbar"
        aria-label={t('composer.toolbar.label')}
        size="small"
        sx={{ mb: 1, flexWrap: 'wrap' }}
      >
        {formats.map((format) => (
          <ToggleButton
            key={format.key}
            value={format.key}
            selected={active[format.key]}
            aria-label={format.label}
            title={format.label}
            onClick={format.run}
            sx={{
              minWidth: 44,
              minHeight: 44,
              fontWeight: format.key === 'bold' ? 700 : 400,
              fontStyle: format.key === 'italic' ? 'italic' : 'normal',
            }}
          >
            {format.text}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {images ? (
        <>
          <Button
            size="small"
            variant="outlined"
            onClick={() => setAddingImage(true)}
            sx={{ mb: 1, ml: 1, minHeight: 44, verticalAlign: 'top' }}
          >
            {t('composer.image.button')}
          </Button>
          <ImageDialog
            open={addingImage}
            onClose={() => setAddingImage(false)}
            onInsert={(image) => editor.chain().focus().setImage(image).run()}
          />
        </>
      ) : null}
      <Box
        sx={{
          '& .tiptap': {
            minHeight: compact ? 96 : 160,
            p: 1.5,
            border: 1,
            borderColor: invalid ? 'error.main' : 'text.secondary',
            borderRadius: 1,
            typography: 'body1',
            backgroundColor: 'background.paper',
            overflowWrap: 'anywhere',
          },
          '& .tiptap:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 },
          '& .tiptap p': { mt: 0, mb: 1.5 },
          '& .tiptap blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0 },
          '& .tiptap .mention': { fontWeight: 600 },
          '& .tiptap img': { maxWidth: '100%', height: 'auto' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
