import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface StepHeadingProps {
  /** 1-based. */
  step: number;
  count: number;
  children: ReactNode;
  /**
   * Take the focus when shown and at every new step, so a screen reader announces the step after
   * "Continue" (the focus never falls back to the page).
   */
  takeFocus?: boolean;
  /** Names a progress bar above the heading (e.g. "Progress of your profile set-up"); none without. */
  progressLabel?: string;
}

/**
 * The heading of one step of a multi-step form (sign-up, password recovery, onboarding): an h2
 * with "Step n of m" above its title, and optionally the same as a progress bar.
 */
export function StepHeading({
  step,
  count,
  children,
  takeFocus = false,
  progressLabel,
}: StepHeadingProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLHeadingElement>(null);
  const progress = t('steps.progress', { step, count });

  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus, step]);

  return (
    <Box sx={{ mt: 1, mb: 2 }}>
      {progressLabel ? (
        <LinearProgress
          variant="determinate"
          value={(step / count) * 100}
          aria-label={progressLabel}
          aria-valuetext={progress}
          sx={{ height: 8, borderRadius: 4, mb: 2 }}
        />
      ) : null}
      <Typography ref={ref} variant="h2" tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
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
          {progress}
        </Box>
        {children}
      </Typography>
    </Box>
  );
}
