import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from '../../lib/document-title';

let initialPage = true;

export interface PageHeadingProps {
  children: ReactNode;
  /** Text for the browser tab title (defaults to the heading when it is a string). */
  title?: string;
  /** The heading, for a page that moves the focus back to it (after what it focused is gone). */
  ref?: RefObject<HTMLHeadingElement | null>;
}

/**
 * The page's one h1. It sets the document title and, after a client-side navigation, takes focus so
 * screen readers announce the new page.
 */
export function PageHeading({ children, title, ref: outerRef }: PageHeadingProps) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLHeadingElement>(null);
  const ref = outerRef ?? ownRef;
  const text = title ?? (typeof children === 'string' ? children : undefined);

  useEffect(() => {
    if (text) setPageTitle(`${text} – ${t('app.name')}`);
  }, [text, t]);

  useEffect(() => {
    if (initialPage) {
      initialPage = false;
      return;
    }
    // Never out of a menu or dialog the member opened meanwhile (on a slow device the page can
    // show after they opened the account menu): moving the focus would leave it open, unreachable.
    if (document.activeElement?.closest('[role="menu"], [role="dialog"]')) return;
    ref.current?.focus({ preventScroll: false });
    // The ref object stays the same: this runs once, when the page shows.
  }, [ref]);

  return (
    <Typography ref={ref} variant="h1" tabIndex={-1} sx={{ mb: 2, '&:focus': { outline: 'none' } }}>
      {children}
    </Typography>
  );
}
