import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

export interface StepActionsProps {
  primaryLabel: string;
  pending: boolean;
  onBack?: (() => void) | undefined;
  /** Shown on optional steps. */
  onSkip?: (() => void) | undefined;
  skipLabel?: string;
  /** A second, equal choice (the consent step's "continue without hearing details"). */
  secondary?: { label: string; onClick: () => void } | undefined;
}

/** The step's buttons: the main action (submits the form), then skip, then back. */
export function StepActions({
  primaryLabel,
  pending,
  onBack,
  onSkip,
  skipLabel,
  secondary,
}: StepActionsProps) {
  const { t } = useTranslation('onboarding');
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mt: 4, flexWrap: 'wrap' }}
      useFlexGap
    >
      <Button type="submit" variant="contained" size="large" aria-busy={pending}>
        {pending ? t('actions.saving') : primaryLabel}
      </Button>
      {secondary ? (
        <Button variant="outlined" size="large" onClick={secondary.onClick} disabled={pending}>
          {secondary.label}
        </Button>
      ) : null}
      {onSkip ? (
        <Button variant="outlined" size="large" onClick={onSkip} disabled={pending}>
          {skipLabel ?? t('actions.skip')}
        </Button>
      ) : null}
      {onBack ? (
        <Button variant="text" size="large" onClick={onBack} disabled={pending}>
          {t('actions.back')}
        </Button>
      ) : null}
    </Stack>
  );
}
