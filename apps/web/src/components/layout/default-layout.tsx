import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import type { Language } from '@attune/contract';
import { LayoutCard } from './card';
import { LayoutFrame } from './layout-frame';
import { SimpleHeader } from './simple-header';

/** The plain frame: for logout, error pages and screens without a layout of their own. */
export function DefaultLayout({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <LayoutFrame language={language} header={<SimpleHeader language={language} />}>
      <Container maxWidth="sm">
        <LayoutCard>{children}</LayoutCard>
      </Container>
    </LayoutFrame>
  );
}
