import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTENT_LIMITS, mayStaffAnywhere, type FaqEntry, type Language } from '@attune/contract';
import { LazyRichTextEditor } from '../../../components/rich-text/lazy-rich-text-editor';
import { FormAlert } from '../../../components/ui/form-alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { errorText } from '../../../lib/error-text';
import { serverFieldError } from '../../../lib/server-field-error';
import { faqQueryOptions } from '../../../lib/api/content/faq';
import { useSaveFaq } from '../../../lib/api/content/save-faq';
import { ContentNotAllowed } from './content-not-allowed';
import { FaqAccordions } from './faq-accordions';
import { LanguageSelect } from './language-select';

export interface FaqEditorProps {
  /** The interface language (and the FAQ language shown first). */
  language: Language;
  /** The signed-in viewer's roles: the editor is for `edit_content` (the contract's table). */
  roles: readonly string[];
}

/**
 * `/{lang}/medel/faq`: a language's questions in order; each can be changed, moved up or down
 * (the focus stays on the moved question's button) or removed; new ones are added at the end. A
 * preview shows them as readers will; "Save" replaces the language's list at once.
 */
export function FaqEditor({ language, roles }: FaqEditorProps) {
  if (!mayStaffAnywhere('edit_content', roles))
    return <ContentNotAllowed language={language} editor="faq" />;
  return <FaqWorkspace language={language} />;
}

function FaqWorkspace({ language }: { language: Language }) {
  const { t } = useTranslation('content');
  const id = useId();
  const [faqLanguage, setFaqLanguage] = useState<Language>(language);
  // Never another language's list in place of this one's.
  const faq = useQuery({ ...faqQueryOptions(faqLanguage, ''), placeholderData: undefined });
  return (
    <>
      <PageHeading>{t('faqEditor.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('faqEditor.intro')}</Typography>
      <Box sx={{ mb: 3 }}>
        <LanguageSelect
          id={`${id}-language`}
          label={t('faqEditor.languageLabel')}
          helperText={t('faqEditor.languageHint')}
          value={faqLanguage}
          onChange={setFaqLanguage}
        />
      </Box>
      {faq.isPending ? (
        <Typography role="status">{t('faqEditor.loading')}</Typography>
      ) : faq.isError ? (
        <FormAlert severity="error">{errorText(faq.error, t('faqEditor.loadFailed'))}</FormAlert>
      ) : (
        <FaqForm key={faqLanguage} faqLanguage={faqLanguage} initial={faq.data.entries} />
      )}
    </>
  );
}

interface Draft {
  /** Stays with the entry when it moves (React key, focus targets). */
  key: string;
  question: string;
  /** The answer as the editor has it (HTML). */
  answer: string;
  answerEmpty: boolean;
  /** The answer the editor started from. */
  initialAnswer: string;
}

interface DraftErrors {
  question?: string;
  answer?: string;
}

let serial = 0;
const nextKey = () => `faq-entry-${(serial += 1)}`;
const draftOf = (entry: Pick<FaqEntry, 'question' | 'answer'>): Draft => ({
  key: nextKey(),
  question: entry.question,
  answer: entry.answer,
  answerEmpty: entry.answer.trim() === '',
  initialAnswer: entry.answer,
});

type MoveButton = 'up' | 'down';

function FaqForm({ faqLanguage, initial }: { faqLanguage: Language; initial: FaqEntry[] }) {
  const { t } = useTranslation('content');
  const id = useId();
  const showSnackbar = useAppSnackbar();
  const save = useSaveFaq(faqLanguage);
  const [entries, setEntries] = useState<Draft[]>(() => initial.map(draftOf));
  const [errors, setErrors] = useState<Record<string, DraftErrors>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [news, setNews] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const questionFields = useRef(new Map<string, HTMLInputElement>());
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  /** Where the focus goes once the list has changed on screen. */
  const focusNext = useRef<(() => void) | null>(null);

  useEffect(() => {
    focusNext.current?.();
    focusNext.current = null;
  }, [entries]);

  const update = (key: string, change: Partial<Draft>) =>
    setEntries((list) =>
      list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)),
    );

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const entry = entries[index];
    if (!entry || target < 0 || target >= entries.length) return;
    const next = [...entries];
    next.splice(index, 1);
    next.splice(target, 0, entry);
    setEntries(next);
    setNews(
      t('faqEditor.moved', {
        question: entry.question || t('faqEditor.untitled'),
        position: target + 1,
      }),
    );
    // The same button on the moved question; at the top or bottom, its other move button.
    const pressed: MoveButton = by < 0 ? 'up' : 'down';
    const atEnd = pressed === 'up' ? target === 0 : target === next.length - 1;
    const button = atEnd ? (pressed === 'up' ? 'down' : 'up') : pressed;
    focusNext.current = () => moveButtons.current.get(`${entry.key}:${button}`)?.focus();
  };

  const remove = (index: number) => {
    const entry = entries[index];
    if (!entry) return;
    const next = entries.filter((_, at) => at !== index);
    setEntries(next);
    setNews(t('faqEditor.removed', { question: entry.question || t('faqEditor.untitled') }));
    const after = next[index] ?? next[index - 1];
    focusNext.current = () =>
      after ? headings.current.get(after.key)?.focus() : addButton.current?.focus();
  };

  const add = () => {
    if (entries.length >= CONTENT_LIMITS.faqEntriesMax) {
      setNews(t('faqEditor.full', { max: CONTENT_LIMITS.faqEntriesMax }));
      return;
    }
    const draft = draftOf({ question: '', answer: '' });
    setEntries((list) => [...list, draft]);
    setNews(t('faqEditor.added'));
    focusNext.current = () => questionFields.current.get(draft.key)?.focus();
  };

  /** Focuses an entry's field that was refused. */
  const focusField = (key: string, field: keyof DraftErrors) => {
    if (field === 'question') questionFields.current.get(key)?.focus();
    else
      document
        .querySelector<HTMLElement>(`[aria-labelledby="${CSS.escape(`${id}-${key}-answer`)}"]`)
        ?.focus();
  };

  const check = (): boolean => {
    const found: Record<string, DraftErrors> = {};
    for (const entry of entries) {
      const problems: DraftErrors = {};
      if (!entry.question.trim()) problems.question = t('faqEditor.errors.question');
      if (entry.answerEmpty) problems.answer = t('faqEditor.errors.answer');
      if (problems.question || problems.answer) found[entry.key] = problems;
    }
    setErrors(found);
    const first = entries.find((entry) => found[entry.key]);
    if (first) focusField(first.key, found[first.key]!.question ? 'question' : 'answer');
    return !first;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    if (entries.length === 0) {
      setFailure(t('faqEditor.errors.none'));
      return;
    }
    if (!check()) return;
    save.mutate(
      {
        entries: entries.map((entry) => ({
          question: entry.question.trim(),
          answer: entry.answer,
        })),
      },
      {
        onSuccess: () => {
          setErrors({});
          showSnackbar({ message: t('faqEditor.saved') });
        },
        onError: (error) => {
          const fields = entries.flatMap((_, index) => [
            `entries.${index}.question`,
            `entries.${index}.answer`,
          ]);
          const field = serverFieldError(error, fields);
          const [, at, which] = field?.split('.') ?? [];
          const entry = entries[Number(at)];
          if (entry && (which === 'question' || which === 'answer')) {
            setErrors({ [entry.key]: { [which]: t(`faqEditor.errors.${which}Refused`) } });
            focusField(entry.key, which);
          } else setFailure(errorText(error, t('faqEditor.saveFailed')));
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('faqEditor.formLabel')}>
      <Box aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {news}
      </Box>
      {entries.length === 0 ? <Typography sx={{ mb: 2 }}>{t('faqEditor.empty')}</Typography> : null}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry, index) => {
          const base = `${id}-${entry.key}`;
          const problems = errors[entry.key] ?? {};
          const number = index + 1;
          const which = { number };
          return (
            <Paper
              component="li"
              key={entry.key}
              variant="outlined"
              sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
            >
              <Typography
                component="h2"
                variant="h5"
                tabIndex={-1}
                ref={(element: HTMLHeadingElement | null) => {
                  if (element) headings.current.set(entry.key, element);
                  else headings.current.delete(entry.key);
                }}
                sx={{ mb: 2, '&:focus': { outline: 'none' } }}
              >
                {t('faqEditor.entryHeading', which)}
              </Typography>
              <TextField
                id={`${base}-question`}
                inputRef={(element: HTMLInputElement | null) => {
                  if (element) questionFields.current.set(entry.key, element);
                  else questionFields.current.delete(entry.key);
                }}
                label={t('faqEditor.questionLabel')}
                required
                value={entry.question}
                onChange={(event) => update(entry.key, { question: event.target.value })}
                error={Boolean(problems.question)}
                helperText={problems.question}
                slotProps={{
                  htmlInput: { maxLength: CONTENT_LIMITS.faqQuestionMax, lang: faqLanguage },
                }}
                sx={{ width: '100%', mb: 2 }}
              />
              <Typography id={`${base}-answer`} component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
                {t('faqEditor.answerLabel')}
              </Typography>
              <Box lang={faqLanguage}>
                <LazyRichTextEditor
                  labelledBy={`${base}-answer`}
                  describedBy={problems.answer ? `${base}-answer-error` : undefined}
                  invalid={Boolean(problems.answer)}
                  initial={entry.initialAnswer}
                  images={false}
                  compact
                  onChange={(_document, empty, html) =>
                    update(entry.key, { answer: html, answerEmpty: empty })
                  }
                />
              </Box>
              {problems.answer ? (
                <Typography
                  id={`${base}-answer-error`}
                  sx={{ color: 'error.main', fontWeight: 600, mt: 1 }}
                >
                  {problems.answer}
                </Typography>
              ) : null}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
                {(['up', 'down'] as const).map((direction) => (
                  <Button
                    key={direction}
                    variant="outlined"
                    size="small"
                    sx={{ minHeight: 44 }}
                    ref={(element: HTMLButtonElement | null) => {
                      const name = `${entry.key}:${direction}`;
                      if (element) moveButtons.current.set(name, element);
                      else moveButtons.current.delete(name);
                    }}
                    disabled={direction === 'up' ? index === 0 : index === entries.length - 1}
                    aria-label={t(`faqEditor.${direction}Which`, which)}
                    onClick={() => move(index, direction === 'up' ? -1 : 1)}
                  >
                    {t(`faqEditor.${direction}`)}
                  </Button>
                ))}
                <Button
                  variant="outlined"
                  color="error"
                  size="small"
                  sx={{ minHeight: 44 }}
                  aria-label={t('faqEditor.removeWhich', which)}
                  onClick={() => remove(index)}
                >
                  {t('faqEditor.remove')}
                </Button>
              </Box>
            </Paper>
          );
        })}
      </Box>

      <Button
        ref={addButton}
        variant="outlined"
        onClick={add}
        aria-disabled={entries.length >= CONTENT_LIMITS.faqEntriesMax}
        sx={{ mb: 3 }}
      >
        {t('faqEditor.add')}
      </Button>

      <FormAlert severity="error">{failure}</FormAlert>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <Button type="submit" variant="contained" aria-disabled={save.isPending}>
          {save.isPending ? t('faqEditor.saving') : t('faqEditor.save')}
        </Button>
        <Button
          variant="outlined"
          aria-expanded={previewing}
          aria-controls={`${id}-preview`}
          onClick={() => setPreviewing((shown) => !shown)}
        >
          {t(previewing ? 'faqEditor.hidePreview' : 'faqEditor.showPreview')}
        </Button>
      </Box>

      <Box id={`${id}-preview`}>
        {previewing ? (
          <Paper
            component="section"
            variant="outlined"
            aria-labelledby={`${id}-preview-heading`}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Typography id={`${id}-preview-heading`} component="h2" variant="h5" sx={{ mb: 1 }}>
              {t('faqEditor.previewHeading')}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('faqEditor.previewHint')}
            </Typography>
            <Box lang={faqLanguage}>
              <FaqAccordions
                items={entries.map((entry) => ({
                  key: entry.key,
                  question: entry.question || t('faqEditor.untitled'),
                  answer: entry.answer,
                }))}
              />
            </Box>
          </Paper>
        ) : null}
      </Box>
    </Box>
  );
}
