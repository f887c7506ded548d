import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language, SupportContactOutput } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';
import { chosenDisplayName } from '../../../lib/display-name';
import { viewerQueryOptions } from '../../../lib/viewer';
import { SupportConfirmation } from './support-confirmation';
import { SupportRequestForm } from './support-request-form';

export interface SupportScreenProps {
  language: Language;
  /**
   * `support`: a signed-in member's page (`/{lang}/support`), name and address taken from their
   * profile; `contact`: the signed-out visitors' page (`/{lang}/contact`).
   */
  page: 'support' | 'contact';
}

/**
 * Writing to support (step 9): a short word on what happens, the way to the FAQ, and the form;
 * once sent, the confirmation with its reference takes the form's place.
 */
export function SupportScreen({ language, page }: SupportScreenProps) {
  const { t } = useTranslation('support');
  const [answer, setAnswer] = useState<SupportContactOutput | null>(null);
  // The logged layout's auth check has already put the member in the cache.
  const { data: viewer } = useQuery({ ...viewerQueryOptions(), enabled: page === 'support' });
  const prefill =
    page === 'support' && viewer
      ? { name: chosenDisplayName(viewer) ?? '', email: viewer.email }
      : undefined;

  return (
    <>
      <PageHeading>{t(`${page}.title`)}</PageHeading>
      {answer ? (
        <SupportConfirmation
          language={language}
          answer={answer}
          next={page === 'support' ? 'home' : 'login'}
        />
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('intro.text')}</Typography>
          <Typography>{t('intro.faq')}</Typography>
          <Typography sx={{ mt: 1 }}>
            <TextLink to="/$lang/faq" params={{ lang: language }}>
              {t('intro.faqLink')}
            </TextLink>
          </Typography>
          {/* Keyed by the prefill: should the member arrive after the first paint, the fields take it. */}
          <SupportRequestForm
            key={prefill ? 'member' : 'visitor'}
            language={language}
            prefill={prefill}
            onSent={setAnswer}
          />
        </>
      )}
    </>
  );
}
