import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface StepHeadingProps {
  step: number;
  count: number;
  children: ReactNode;
  /** Move focus here when shown, so a screen reader announces the new step. */
  takeFocus?: boolean;
}

/** The heading of one step of a multi-step form, with "Step n of m" above it. */
export function StepHeading({ step, count, children, takeFocus = false }: StepHeadingProps) {
  const { t } = useTranslation('auth');
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <Typography
      ref={ref}
      variant="h2"
      tabIndex={-1}
      sx={{ mt: 1, mb: 1.5, '&:focus': { outline: 'none' } }}
    >
      <Box
        component="span"
        sx={{
          display: 'block',
          fontSize: '1rem',
          fontWeight: 600,
          color: 'text.secondary',
          mb: 0.5,
        }}
      >
        {t('steps.progress', { step, count })}
      </Box>
      {children}
    </Typography>
  );
}
