import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language, SupportContactOutput } from '@attune/contract';
import { ButtonLink } from '../../../components/ui/button-link';

export interface SupportConfirmationProps {
  language: Language;
  answer: SupportContactOutput;
  /** Where the way on leads: the start page for members, the login page for visitors. */
  next: 'home' | 'login';
}

/**
 * What replaces the form once a request is sent: the server's thanks (in the member's language)
 * and the reference. Its heading takes the focus, so a screen reader reads it at once.
 */
export function SupportConfirmation({ language, answer, next }: SupportConfirmationProps) {
  const { t } = useTranslation('support');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box component="section" aria-labelledby="support-confirmation-title" sx={{ mt: 3 }}>
      <Typography
        ref={heading}
        id="support-confirmation-title"
        component="h2"
        variant="h4"
        tabIndex={-1}
        sx={{ mb: 2, '&:focus': { outline: 'none' } }}
      >
        {t('confirmation.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{answer.message}</Typography>
      <Typography sx={{ mb: 1 }}>
        {t('confirmation.reference')}{' '}
        <Box component="strong" sx={{ whiteSpace: 'nowrap' }}>
          {answer.reference}
        </Box>
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('confirmation.referenceHint')}</Typography>
      {next === 'home' ? (
        <ButtonLink to="/$lang" params={{ lang: language }} variant="contained">
          {t('confirmation.home')}
        </ButtonLink>
      ) : (
        <ButtonLink to="/$lang/login" params={{ lang: language }} variant="contained">
          {t('confirmation.login')}
        </ButtonLink>
      )}
    </Box>
  );
}
