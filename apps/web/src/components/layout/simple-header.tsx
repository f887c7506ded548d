import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { Language } from '@attune/contract';
import { LanguageSwitcher } from '../ui/language-switcher';
import { Wordmark } from './wordmark';

/** Header of the public layouts: wordmark, optional actions and the language switcher. */
export function SimpleHeader({ language, actions }: { language: Language; actions?: ReactNode }) {
  return (
    <Container
      maxWidth="lg"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.5,
        py: 1,
        width: '100%',
      }}
    >
      <Wordmark language={language} />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        {actions}
        <LanguageSwitcher current={language} />
      </Box>
    </Container>
  );
}
