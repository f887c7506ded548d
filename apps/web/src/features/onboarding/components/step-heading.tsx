import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface StepHeadingProps {
  /** 1-based. */
  step: number;
  count: number;
  title: string;
  /** Take focus when shown, so a screen reader announces the new step after "Save and continue". */
  takeFocus: boolean;
}

/** "Step N of M" as text and as a progress bar, above the step's h2 heading. */
export function StepHeading({ step, count, title, takeFocus }: StepHeadingProps) {
  const { t } = useTranslation('onboarding');
  const ref = useRef<HTMLHeadingElement>(null);
  const progress = t('progress', { step, count });

  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus, step]);

  return (
    <Box sx={{ mb: 2 }}>
      <LinearProgress
        variant="determinate"
        value={(step / count) * 100}
        aria-label={t('progressLabel')}
        aria-valuetext={progress}
        sx={{ height: 8, borderRadius: 4, mb: 2 }}
      />
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
        {title}
      </Typography>
    </Box>
  );
}
