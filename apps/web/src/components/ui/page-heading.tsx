import { useEffect, useRef, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

let initialPage = true;

export interface PageHeadingProps {
  children: ReactNode;
  /** Text for the browser tab title (defaults to the heading when it is a string). */
  title?: string;
}

/**
 * The page's one h1. It sets the document title and, after a client-side navigation, takes focus so
 * screen readers announce the new page.
 */
export function PageHeading({ children, title }: PageHeadingProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLHeadingElement>(null);
  const text = title ?? (typeof children === 'string' ? children : undefined);

  useEffect(() => {
    if (text) document.title = `${text} – ${t('app.name')}`;
  }, [text, t]);

  useEffect(() => {
    if (initialPage) {
      initialPage = false;
      return;
    }
    ref.current?.focus({ preventScroll: false });
  }, []);

  return (
    <Typography ref={ref} variant="h1" tabIndex={-1} sx={{ mb: 2, '&:focus': { outline: 'none' } }}>
      {children}
    </Typography>
  );
}
