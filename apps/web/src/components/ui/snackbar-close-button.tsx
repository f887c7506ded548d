import Button from '@mui/material/Button';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { useTranslation } from 'react-i18next';

export interface SnackbarCloseButtonProps {
  snackKey: SnackbarKey;
  /** Text colour of the button (spec §3: white by default). */
  color?: string;
}

/** A visible "Close" text button on every snackbar, so it can be dismissed by keyboard too. */
export function SnackbarCloseButton({ snackKey, color = 'white' }: SnackbarCloseButtonProps) {
  const { t } = useTranslation();
  const { closeSnackbar } = useSnackbar();
  return (
    <Button
      onClick={() => closeSnackbar(snackKey)}
      sx={{
        color,
        minHeight: 44,
        paddingInline: 2,
        textDecoration: 'underline',
        '&:focus-visible': { outline: `3px solid ${color}`, outlineOffset: '2px' },
      }}
    >
      {t('snackbar.close')}
    </Button>
  );
}
