import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { Language } from '@attune/contract';
import { OverlaySlot } from './overlay-slot';
import { SiteFooter } from './site-footer';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/**
 * Room kept free at the right of every header for the accessibility widget's icon, which the spec
 * puts 20 px from the top and right (40 px wide); px, because the icon does not scale. The icon
 * scrolls with the page, so this corner of the header is the only place it can cover.
 */
export const WIDGET_ICON_GAP_PX = 80;

export interface LayoutFrameProps {
  language: Language;
  /** Content of the `<header>` landmark. */
  header: ReactNode;
  /** Content of the `<main>` landmark. */
  children: ReactNode;
  /** Beside `<main>`, e.g. the navigation of the logged layout. */
  aside?: ReactNode;
}

/**
 * Skip link, the shell's notices (`OverlaySlot`), header, (navigation,) main and footer landmarks
 * shared by every layout.
 */
export function LayoutFrame({ language, header, aside, children }: LayoutFrameProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <OverlaySlot />
      <Box
        component="header"
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          backgroundColor: 'background.paper',
          position: 'relative',
          zIndex: 2,
          pr: `${WIDGET_ICON_GAP_PX}px`,
          minHeight: 88,
          display: 'flex',
          alignItems: 'center',
        }}
      >
        {header}
      </Box>
      <Box sx={{ flex: 1, display: 'flex', minWidth: 0 }}>
        {aside}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          // Less room above the page on a phone, where its first field has to fit the first screen.
          sx={{ flex: 1, minWidth: 0, py: { xs: 2, sm: 5 }, '&:focus': { outline: 'none' } }}
        >
          {children}
        </Box>
      </Box>
      <SiteFooter language={language} />
    </Box>
  );
}
