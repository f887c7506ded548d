import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { SafeHtml } from '../../../components/ui/safe-html';
import { pageBySlugQueryOptions, type PublicPageSlug } from '../../../lib/api/pages/page-by-slug';

export interface PublicPageViewProps {
  slug: PublicPageSlug;
  language: Language;
}

/** An information page from the back end: its title and its (sanitised) content. */
export function PublicPageView({ slug, language }: PublicPageViewProps) {
  const { t } = useTranslation('layout');
  const { data: page } = useSuspenseQuery(pageBySlugQueryOptions(slug, language));
  if (!page) return null;
  const updated = new Date(page.modified);
  return (
    <article lang={page.language.code.toLowerCase()}>
      <PageHeading>{page.title}</PageHeading>
      <SafeHtml html={page.content} />
      {Number.isNaN(updated.getTime()) ? null : (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 4 }}>
          {t('publicPage.updated', {
            date: updated.toLocaleDateString(language, { dateStyle: 'long' }),
          })}
        </Typography>
      )}
    </article>
  );
}
