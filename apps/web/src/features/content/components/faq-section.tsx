import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTENT_LIMITS, type Language } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { faqQueryOptions } from '../../../lib/api/content/faq';
import { FaqAccordions } from './faq-accordions';

export interface FaqSectionProps {
  language: Language;
}

/**
 * `/{lang}/faq` below the page's intro: a search over questions and answers (the list follows as
 * the reader pauses typing; accents and case do not matter) and the questions as expandable
 * panels. How many questions match is announced politely; when none does, a way to ask us.
 */
export function FaqSection({ language }: FaqSectionProps) {
  const { t } = useTranslation('content');
  const id = useId();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search).trim();
  const faq = useQuery(faqQueryOptions(language, settled));
  const entries = faq.data?.entries ?? [];
  // The search the shown list answers: while the next one loads, the last list and its count
  // stay, so the count is announced once per search.
  const shown = faq.data?.search ?? '';
  const noneFound = faq.isSuccess && entries.length === 0 && shown !== '';
  const status = faq.isPending
    ? t('faq.loading')
    : faq.isError
      ? t('faq.failed')
      : noneFound
        ? t('faq.noneFound', { search: shown })
        : entries.length === 0
          ? t('faq.none')
          : t(shown ? 'faq.found' : 'faq.count', { count: entries.length });

  return (
    <Box component="section" aria-labelledby={`${id}-heading`} sx={{ mt: 5 }}>
      <Typography id={`${id}-heading`} component="h2" variant="h2" sx={{ mb: 2 }}>
        {t('faq.heading')}
      </Typography>
      <Box role="search" aria-label={t('faq.searchRegion')} sx={{ mb: 1 }}>
        <TextField
          id={`${id}-search`}
          type="search"
          label={t('faq.searchLabel')}
          helperText={t('faq.searchHint')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CONTENT_LIMITS.searchMax } }}
          sx={{ width: '100%', maxWidth: 480 }}
        />
      </Box>
      <Typography
        role="status"
        aria-live="polite"
        sx={{ fontWeight: 600, mt: 2, ...(faq.isError ? { color: 'error.main' } : {}) }}
      >
        {status}
      </Typography>
      {noneFound ? (
        <Typography sx={{ mt: 1 }}>
          {t('faq.askUs')}{' '}
          <TextLink to="/$lang/contact" params={{ lang: language }}>
            {t('faq.contactLink')}
          </TextLink>
        </Typography>
      ) : (
        <FaqAccordions
          items={entries.map((entry) => ({
            key: entry.id,
            question: entry.question,
            answer: entry.answer,
          }))}
        />
      )}
    </Box>
  );
}
