import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { ButtonLink, TextLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';

export interface RegisterChoiceProps {
  language: Language;
}

/** First registration page: a member account (regular) or a staff account (medel). */
export function RegisterChoice({ language }: RegisterChoiceProps) {
  const { t } = useTranslation('auth');
  const options = [
    {
      type: 'regular',
      to: '/$lang/register/regular',
      title: t('register.regular.title'),
      text: t('register.regular.text'),
      action: t('register.regular.choose'),
    },
    {
      type: 'medel',
      to: '/$lang/register/medel',
      title: t('register.medel.title'),
      text: t('register.medel.text'),
      action: t('register.medel.choose'),
    },
  ] as const;

  return (
    <>
      <PageHeading>{t('register.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('register.chooseIntro')}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {options.map((option) => (
          <Paper
            key={option.type}
            component="li"
            variant="outlined"
            sx={{ p: 2.5, borderRadius: 3 }}
          >
            <Typography variant="h2" sx={{ mb: 1 }}>
              {option.title}
            </Typography>
            <Typography sx={{ mb: 2 }}>{option.text}</Typography>
            <ButtonLink
              to={option.to}
              params={{ lang: language }}
              variant={option.type === 'regular' ? 'contained' : 'outlined'}
              fullWidth
            >
              {option.action}
            </ButtonLink>
          </Paper>
        ))}
      </Box>
      <Typography sx={{ mt: 4 }}>
        {t('register.haveAccount')}{' '}
        <TextLink to="/$lang/login" params={{ lang: language }}>
          {t('register.login')}
        </TextLink>
      </Typography>
    </>
  );
}
