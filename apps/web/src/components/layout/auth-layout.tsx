import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import type { Language } from '@attune/contract';
import { LayoutCard } from './card';
import { LayoutFrame } from './layout-frame';
import { SimpleHeader } from './simple-header';

/** Account flows (register, recover, profile start, medel area): one focused card. */
export function AuthLayout({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <LayoutFrame language={language} header={<SimpleHeader language={language} />}>
      <Container maxWidth="sm">
        <LayoutCard>{children}</LayoutCard>
      </Container>
    </LayoutFrame>
  );
}
