import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_LIMITS,
  mayStaffAnywhere,
  PAGE_SLUG_PATTERN,
  type Language,
  type PageDetailOutput,
  type PageStatus,
} from '@attune/contract';
import { RadioChoice } from '../../../components/forms/radio-choice';
import { LazyRichTextEditor } from '../../../components/rich-text/lazy-rich-text-editor';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { SafeHtml } from '../../../components/ui/safe-html';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { errorText } from '../../../lib/error-text';
import { serverFieldError } from '../../../lib/server-field-error';
import { pageQueryOptions } from '../../../lib/api/content/page';
import { pagesQueryOptions } from '../../../lib/api/content/pages';
import { usePreviewPage } from '../../../lib/api/content/preview-page';
import { useSavePage } from '../../../lib/api/content/save-page';
import { formatMoment } from '../lib/dates';
import { ContentNotAllowed } from './content-not-allowed';
import { LanguageSelect } from './language-select';

export interface PagesEditorProps {
  /** The interface language (texts, dates); pages in every language are listed. */
  language: Language;
  /** The signed-in viewer's roles: the editor is for `edit_content` (the contract's table). */
  roles: readonly string[];
}

interface Opened {
  slug: string;
  language: Language;
}

/**
 * `/{lang}/medel/pages`: the information pages in every language with their status; "Edit" opens
 * a page's editor below the list (title, rich text, published or draft, a preview from the server
 * and the earlier versions); a new page starts from its address. Staff without `edit_content`
 * are told this part is not theirs.
 */
export function PagesEditor({ language, roles }: PagesEditorProps) {
  if (!mayStaffAnywhere('edit_content', roles))
    return <ContentNotAllowed language={language} editor="pages" />;
  return <PagesWorkspace language={language} />;
}

function PagesWorkspace({ language }: { language: Language }) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const pages = useQuery(pagesQueryOptions());
  const [opened, setOpened] = useState<Opened | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const list = pages.data ?? [];
  const languageName = (code: Language) => tc(`languageSwitcher.languages.${code}`);

  const close = () => {
    const key = opened && `${opened.slug}:${opened.language}`;
    setOpened(null);
    // Back to the button that opened it (a new page has none: the list's heading).
    requestAnimationFrame(() => {
      const button = key ? editButtons.current.get(key) : undefined;
      if (button) button.focus();
      else document.getElementById('content-pages-list')?.focus();
    });
  };

  return (
    <>
      <PageHeading>{t('pages.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('pages.intro')}</Typography>

      <Box component="section" aria-labelledby="content-pages-list">
        <Typography
          id="content-pages-list"
          component="h2"
          variant="h5"
          tabIndex={-1}
          sx={{ mb: 1, '&:focus': { outline: 'none' } }}
        >
          {t('pages.list.heading')}
        </Typography>
        <Typography
          role="status"
          aria-live="polite"
          sx={{ mb: 1, ...(pages.isError ? { color: 'error.main', fontWeight: 600 } : {}) }}
        >
          {pages.isPending
            ? t('pages.list.loading')
            : pages.isError
              ? errorText(pages.error, t('pages.list.failed'))
              : t('pages.list.count', { count: list.length })}
        </Typography>
        {list.length > 0 ? (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 4 }}>
            {list.map((page) => {
              const key = `${page.slug}:${page.language}`;
              return (
                <Box
                  component="li"
                  key={key}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    columnGap: 2,
                    rowGap: 1,
                    py: 1.5,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ minWidth: 0, flex: '1 1 14rem' }}>
                    <Typography lang={page.language} sx={{ fontWeight: 600 }}>
                      {page.title}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('pages.list.details', {
                        slug: page.slug,
                        language: languageName(page.language),
                        status: t(`pages.status.${page.status}`),
                        date: formatMoment(page.modified, language),
                      })}
                    </Typography>
                  </Box>
                  <Button
                    ref={(element) => {
                      if (element) editButtons.current.set(key, element);
                      else editButtons.current.delete(key);
                    }}
                    variant="outlined"
                    size="small"
                    sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
                    aria-label={t('pages.list.editWhich', {
                      title: page.title,
                      language: languageName(page.language),
                    })}
                    onClick={() => setOpened({ slug: page.slug, language: page.language })}
                  >
                    {t('pages.list.edit')}
                  </Button>
                </Box>
              );
            })}
          </Box>
        ) : null}
      </Box>

      <NewPageForm language={language} onOpen={setOpened} />

      {opened ? (
        <PageEditor
          key={`${opened.slug}:${opened.language}`}
          slug={opened.slug}
          pageLanguage={opened.language}
          language={language}
          onClose={close}
        />
      ) : null}
    </>
  );
}

/** Starts a page at a new address (or opens the one already there). */
function NewPageForm({
  language,
  onOpen,
}: {
  language: Language;
  /** Opens the editor at that address: the page there, or a new one. */
  onOpen: (page: Opened) => void;
}) {
  const { t } = useTranslation('content');
  const id = useId();
  const [slug, setSlug] = useState('');
  const [pageLanguage, setPageLanguage] = useState<Language>(language);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = slug.trim();
    if (!PAGE_SLUG_PATTERN.test(wanted) || wanted.length > CONTENT_LIMITS.slugMax) {
      setError(t('pages.create.slugInvalid'));
      field.current?.focus();
      return;
    }
    setError(null);
    setSlug('');
    onOpen({ slug: wanted, language: pageLanguage });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      sx={{ mb: 4 }}
    >
      <Typography id={`${id}-heading`} component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('pages.create.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('pages.create.intro')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          id={`${id}-slug`}
          inputRef={field}
          label={t('pages.create.slugLabel')}
          helperText={error ?? t('pages.create.slugHint')}
          error={Boolean(error)}
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CONTENT_LIMITS.slugMax, spellCheck: 'false' } }}
          sx={{ flex: '1 1 16rem', maxWidth: 420 }}
        />
        <LanguageSelect
          id={`${id}-language`}
          label={t('pages.create.languageLabel')}
          value={pageLanguage}
          onChange={setPageLanguage}
        />
        <Button type="submit" variant="contained" sx={{ minHeight: 56 }}>
          {t('pages.create.submit')}
        </Button>
      </Box>
    </Box>
  );
}

/** One page's editor: loads it (or starts a new one), then the form. */
function PageEditor({
  slug,
  pageLanguage,
  language,
  onClose,
}: {
  slug: string;
  pageLanguage: Language;
  language: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const page = useQuery(pageQueryOptions(slug, pageLanguage));
  if (page.isPending) return <Typography role="status">{t('pages.editor.loading')}</Typography>;
  if (page.isError)
    return (
      <FormAlert severity="error">{errorText(page.error, t('pages.editor.loadFailed'))}</FormAlert>
    );
  return (
    <PageForm
      slug={slug}
      pageLanguage={pageLanguage}
      language={language}
      page={page.data}
      onClose={onClose}
    />
  );
}

type PageField = 'title' | 'content' | 'status';

function PageForm({
  slug,
  pageLanguage,
  language,
  page,
  onClose,
}: {
  slug: string;
  pageLanguage: Language;
  language: Language;
  page: PageDetailOutput | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const id = useId();
  const showSnackbar = useAppSnackbar();
  const heading = useRef<HTMLHeadingElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const titleField = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(page?.title ?? '');
  const [content, setContent] = useState(page?.content ?? '');
  const [empty, setEmpty] = useState(!page?.content);
  const [status, setStatus] = useState<PageStatus>(page?.status ?? 'draft');
  const [errors, setErrors] = useState<Partial<Record<PageField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ html: string; shown: number } | null>(null);
  const save = useSavePage(slug, pageLanguage);
  const previewing = usePreviewPage();
  const languageName = tc(`languageSwitcher.languages.${pageLanguage}`);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  // Each preview shown (again) takes the focus to its heading, where reading it starts.
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);

  const fieldError = (error: unknown): Partial<Record<PageField, string>> | null => {
    const field = serverFieldError(error, ['title', 'content', 'status'] as const);
    return field ? { [field]: t(`pages.editor.errors.${field}`) } : null;
  };

  const check = (): boolean => {
    const found: Partial<Record<PageField, string>> = {};
    if (!title.trim()) found.title = t('pages.editor.errors.title');
    if (empty) found.content = t('pages.editor.errors.content');
    setErrors(found);
    if (found.title) titleField.current?.focus();
    else if (found.content)
      document.querySelector<HTMLElement>(`[aria-labelledby="${id}-content"]`)?.focus();
    return Object.keys(found).length === 0;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    if (!check()) return;
    save.mutate(
      { title: title.trim(), content, status },
      {
        onSuccess: () => {
          setErrors({});
          showSnackbar({
            message: t(
              status === 'published' ? 'pages.editor.savedPublished' : 'pages.editor.savedDraft',
            ),
          });
        },
        onError: (error) => {
          const atField = fieldError(error);
          if (atField) {
            setErrors(atField);
            if (atField.title) titleField.current?.focus();
          } else setFailure(errorText(error, t('pages.editor.saveFailed')));
        },
      },
    );
  };

  const showPreview = () => {
    if (previewing.isPending) return;
    setFailure(null);
    if (empty) {
      setErrors({ content: t('pages.editor.errors.content') });
      return;
    }
    previewing.mutate(
      { content },
      {
        onSuccess: ({ html }) => setPreview((last) => ({ html, shown: (last?.shown ?? 0) + 1 })),
        onError: (error) => {
          const atField = fieldError(error);
          if (atField) setErrors(atField);
          else setFailure(errorText(error, t('pages.editor.previewFailed')));
        },
      },
    );
  };

  const saved = save.data ?? page;

  return (
    <Box
      component="section"
      aria-labelledby={`${id}-heading`}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 3 }}
    >
      <Typography
        id={`${id}-heading`}
        ref={heading}
        component="h2"
        variant="h5"
        tabIndex={-1}
        sx={{ mb: 1, '&:focus': { outline: 'none' } }}
      >
        {page
          ? t('pages.editor.heading', { title: page.title, language: languageName })
          : t('pages.editor.newHeading', { slug, language: languageName })}
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        {t('pages.editor.address', { slug })}
      </Typography>

      <Box component="form" noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
        <TextField
          id={`${id}-title`}
          inputRef={titleField}
          label={t('pages.editor.titleLabel')}
          required
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(errors.title)}
          helperText={errors.title}
          slotProps={{ htmlInput: { maxLength: CONTENT_LIMITS.titleMax, lang: pageLanguage } }}
          sx={{ width: '100%', maxWidth: 640, mb: 3 }}
        />

        <Typography id={`${id}-content`} component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
          {t('pages.editor.contentLabel')}
        </Typography>
        <Typography id={`${id}-content-hint`} variant="body2" sx={{ mb: 1 }}>
          {t('pages.editor.contentHint', {
            supportEmail: '{{supportEmail}}',
            manufacturer: '{{manufacturer}}',
          })}
        </Typography>
        <Box lang={pageLanguage}>
          <LazyRichTextEditor
            labelledBy={`${id}-content`}
            describedBy={`${id}-content-hint${errors.content ? ` ${id}-content-error` : ''}`}
            invalid={Boolean(errors.content)}
            initial={page?.content}
            onChange={(_document, isEmpty, html) => {
              setContent(html);
              setEmpty(isEmpty);
            }}
          />
        </Box>
        {errors.content ? (
          <Typography
            id={`${id}-content-error`}
            sx={{ color: 'error.main', fontWeight: 600, mt: 1 }}
          >
            {errors.content}
          </Typography>
        ) : null}

        <Box sx={{ mt: 3 }}>
          <RadioChoice
            id={`${id}-status`}
            legend={t('pages.editor.statusLegend')}
            value={status}
            onChange={setStatus}
            error={errors.status}
            options={[
              {
                value: 'published',
                label: t('pages.status.published'),
                hint: t('pages.editor.publishedHint'),
              },
              { value: 'draft', label: t('pages.status.draft'), hint: t('pages.editor.draftHint') },
            ]}
          />
        </Box>

        <FormAlert severity="error">{failure}</FormAlert>

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
          <Button type="submit" variant="contained" aria-disabled={save.isPending}>
            {save.isPending ? t('pages.editor.saving') : t('pages.editor.save')}
          </Button>
          <Button variant="outlined" onClick={showPreview} aria-disabled={previewing.isPending}>
            {t('pages.editor.preview')}
          </Button>
          <Button variant="text" onClick={onClose}>
            {t('pages.editor.close')}
          </Button>
        </Box>
      </Box>

      {preview ? (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby={`${id}-preview`}
          sx={{ mt: 4, p: { xs: 2, sm: 3 } }}
        >
          <Typography
            id={`${id}-preview`}
            ref={previewHeading}
            component="h3"
            variant="h5"
            tabIndex={-1}
            sx={{ mb: 2, '&:focus': { outline: 'none' } }}
          >
            {t('pages.editor.previewHeading')}
          </Typography>
          <Box lang={pageLanguage}>
            <SafeHtml html={preview.html} />
          </Box>
        </Paper>
      ) : null}

      <Box component="section" aria-labelledby={`${id}-revisions`} sx={{ mt: 4 }}>
        <Typography id={`${id}-revisions`} component="h3" variant="h5" sx={{ mb: 1 }}>
          {t('pages.revisions.heading')}
        </Typography>
        {saved && saved.revisions.length > 0 ? (
          <Box component="ol" sx={{ pl: 3, m: 0 }}>
            {saved.revisions.map((revision) => (
              <Typography component="li" key={revision.id} sx={{ mb: 0.5 }}>
                {t(revision.editor ? 'pages.revisions.item' : 'pages.revisions.itemUnknown', {
                  date: formatMoment(revision.createdAt, language),
                  title: revision.title,
                  status: t(`pages.status.${revision.status}`),
                  name: revision.editor?.nickname ?? '',
                })}
              </Typography>
            ))}
          </Box>
        ) : (
          <Typography>{t('pages.revisions.none')}</Typography>
        )}
      </Box>
    </Box>
  );
}
