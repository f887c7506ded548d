import { useId, useState } from 'react';
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
  missingPlaceholders,
  textPlaceholders,
  type Language,
  type TranslationEntry,
} from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { errorText, serverError } from '../../../lib/error-text';
import { serverFieldError } from '../../../lib/server-field-error';
import { useSaveTranslation } from '../../../lib/api/content/save-translation';
import { translationsQueryOptions } from '../../../lib/api/content/translations';
import { ContentNotAllowed } from './content-not-allowed';
import { LanguageSelect } from './language-select';

export interface TranslationsEditorProps {
  /** The interface language (and the texts' language shown first). */
  language: Language;
  /** The signed-in viewer's roles: the editor is for `edit_translations` (the contract's table). */
  roles: readonly string[];
}

/**
 * `/{lang}/medel/translations`: the app's texts in one language, found by key or words (the list
 * follows as one pauses typing), each with its English text and the text the app ships; staff's
 * own text replaces the shipped one from members' next visit, and "Use the shipped text" takes it
 * back. A refused text is explained at its field, in the viewer's language.
 */
export function TranslationsEditor({ language, roles }: TranslationsEditorProps) {
  if (!mayStaffAnywhere('edit_translations', roles))
    return <ContentNotAllowed language={language} editor="translations" />;
  return <TranslationsWorkspace language={language} />;
}

function TranslationsWorkspace({ language }: { language: Language }) {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const id = useId();
  const [textLanguage, setTextLanguage] = useState<Language>(language);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search).trim();
  const texts = useQuery({
    ...translationsQueryOptions(textLanguage, settled),
    // While a search loads the last list stays, but never another language's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === textLanguage ? previous : undefined,
  });
  const entries = texts.data?.entries ?? [];
  const languageName = tc(`languageSwitcher.languages.${textLanguage}`);

  const status = texts.isPending
    ? t('texts.loading')
    : texts.isError
      ? errorText(texts.error, t('texts.failed'))
      : entries.length === 0
        ? t('texts.none')
        : entries.length >= CONTENT_LIMITS.translationResultsMax
          ? t('texts.limited', { count: entries.length })
          : t('texts.found', { count: entries.length });

  return (
    <>
      <PageHeading>{t('texts.title')}</PageHeading>
      <Typography sx={{ mb: 1 }}>{t('texts.intro')}</Typography>
      <Typography sx={{ mb: 3 }}>{t('texts.whenShown')}</Typography>
      <Box
        role="search"
        aria-label={t('texts.searchRegion')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}
      >
        <LanguageSelect
          id={`${id}-language`}
          label={t('texts.languageLabel')}
          value={textLanguage}
          onChange={setTextLanguage}
        />
        <TextField
          id={`${id}-search`}
          type="search"
          label={t('texts.searchLabel')}
          helperText={t('texts.searchHint')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CONTENT_LIMITS.searchMax } }}
          sx={{ flex: '1 1 18rem', maxWidth: 480 }}
        />
      </Box>
      <Typography
        role="status"
        aria-live="polite"
        sx={{ fontWeight: 600, mb: 2, ...(texts.isError ? { color: 'error.main' } : {}) }}
      >
        {status}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry) => (
          <TranslationRow
            key={`${textLanguage}:${entry.key}`}
            entry={entry}
            language={textLanguage}
            languageName={languageName}
          />
        ))}
      </Box>
    </>
  );
}

/** The text for a refused value: the placeholders it lacks, or the code's own text. */
function useValueError() {
  const { t } = useTranslation('content');
  return (english: string, value: string, error?: unknown): string => {
    const missing = missingPlaceholders(english, value);
    if (missing.length > 0)
      return t('texts.errors.placeholders', {
        names: missing.map((name) => `{{${name}}}`).join(', '),
      });
    if (!value.trim()) return t('texts.errors.empty');
    return error === undefined
      ? t('texts.errors.refused')
      : errorText(error, t('texts.errors.refused'));
  };
}

function TranslationRow({
  entry,
  language,
  languageName,
}: {
  entry: TranslationEntry;
  language: Language;
  languageName: string;
}) {
  const { t } = useTranslation('content');
  const base = useId();
  const showSnackbar = useAppSnackbar();
  const save = useSaveTranslation(language);
  const valueError = useValueError();
  const [draft, setDraft] = useState(entry.override ?? '');
  const [error, setError] = useState<string | null>(null);
  const placeholders = textPlaceholders(entry.english);

  const handleSave = () => {
    if (save.isPending) return;
    if (!draft.trim() || missingPlaceholders(entry.english, draft).length > 0) {
      setError(valueError(entry.english, draft));
      document.getElementById(`${base}-value`)?.focus();
      return;
    }
    setError(null);
    save.mutate(
      { key: entry.key, value: draft },
      {
        onSuccess: () => showSnackbar({ message: t('texts.saved') }),
        onError: (failure) => {
          const field = serverFieldError(failure, ['value', 'key', 'language'] as const);
          const known = serverError(failure);
          setError(
            field === 'value'
              ? valueError(entry.english, draft, failure)
              : field === 'key'
                ? t('texts.errors.key')
                : errorText(failure, known ? t('texts.errors.refused') : t('texts.saveFailed')),
          );
          document.getElementById(`${base}-value`)?.focus();
        },
      },
    );
  };

  const handleReset = () => {
    if (save.isPending || entry.override === null) return;
    setError(null);
    save.mutate(
      { key: entry.key, value: null },
      {
        onSuccess: () => {
          setDraft('');
          showSnackbar({ message: t('texts.resetDone') });
        },
        onError: (failure) => setError(errorText(failure, t('texts.saveFailed'))),
      },
    );
  };

  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Typography
        id={`${base}-key`}
        component="h2"
        variant="h6"
        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', mb: 1 }}
      >
        {entry.key}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, mb: 2, '& dt': { fontWeight: 600 }, '& dd': { ml: 0, mb: 1 } }}
      >
        <dt>{t('texts.english')}</dt>
        <dd lang="en">{entry.english}</dd>
        {language !== 'en' ? (
          <>
            <dt>{t('texts.bundled', { language: languageName })}</dt>
            <dd lang={language}>{entry.bundled}</dd>
          </>
        ) : null}
        <dt>{t('texts.current')}</dt>
        <dd lang={language}>
          {entry.override === null ? t('texts.currentBundled') : entry.override}
        </dd>
      </Box>
      <TextField
        id={`${base}-value`}
        label={t('texts.overrideLabel', { language: languageName })}
        multiline
        minRows={1}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={Boolean(error)}
        helperText={
          error ??
          (placeholders.length > 0
            ? t('texts.placeholdersHint', {
                names: placeholders.map((name) => `{{${name}}}`).join(', '),
              })
            : t('texts.overrideHint'))
        }
        slotProps={{
          htmlInput: { maxLength: CONTENT_LIMITS.translationValueMax, lang: language },
        }}
        sx={{ width: '100%', mb: 1.5 }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Button
          variant="contained"
          size="small"
          sx={{ minHeight: 44 }}
          aria-label={t('texts.saveWhich', { key: entry.key })}
          onClick={handleSave}
        >
          {t('texts.save')}
        </Button>
        {entry.override !== null ? (
          <Button
            variant="outlined"
            size="small"
            sx={{ minHeight: 44 }}
            aria-label={t('texts.resetWhich', { key: entry.key })}
            onClick={handleReset}
          >
            {t('texts.reset')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
