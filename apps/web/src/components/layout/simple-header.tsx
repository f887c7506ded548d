import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { Language } from '@attune/contract';
import { LanguageSwitcher } from '../ui/language-switcher';
import { WIDGET_ICON_GAP_PX } from './layout-frame';
import { Wordmark } from './wordmark';

/**
 * Header of the public layouts: wordmark, optional actions and the language switcher. On a phone
 * the wordmark has a row of its own beside the accessibility icon, and the actions and languages
 * take the whole width of the row below (the icon's corner is above them): one row for the
 * languages instead of two keeps the page's first field higher on the screen.
 */
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
        py: 1,
        width: '100%',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          // Down to the icon's lower edge (8 + 52 = 20 + 40 px from the top): the row below is clear.
          minHeight: { xs: 52, sm: 'auto' },
          flexBasis: { xs: '100%', sm: 'auto' },
        }}
      >
        <Wordmark language={language} />
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          columnGap: 2,
          // The header keeps the icon's corner free on its right; this row is below the icon.
          mr: { xs: `-${WIDGET_ICON_GAP_PX}px`, sm: 0 },
        }}
      >
        {actions}
        <LanguageSwitcher current={language} />
      </Box>
    </Container>
  );
}
