import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { STAFF_LIMITS } from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextDialog } from '../../../components/ui/text-dialog';

export interface ReportActionDialogProps {
  open: boolean;
  /** `warn`: the note is what the member reads; `suspend`: a confirmation, the note is for the log. */
  action: 'warn' | 'suspend';
  /** The reported member's name as shown. */
  name: string;
  pending: boolean;
  /** Why the last try failed, in the viewer's language. */
  failure: string | null;
  onCancel: () => void;
  onConfirm: (note: string) => void;
  /** Called once the dialog has faded out (the caller moves the focus then). */
  onExited: () => void;
}

/**
 * Warning a member (with the note they will read) or suspending them (a confirmation: it ends
 * their sessions at once), the safe button first. The note is optional; its length is the
 * contract's limit.
 */
export function ReportActionDialog({
  open,
  action,
  name,
  pending,
  failure,
  onCancel,
  onConfirm,
  onExited,
}: ReportActionDialogProps) {
  const { t } = useTranslation('staff');
  const [note, setNote] = useState('');
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onConfirm(note.trim());
  };
  return (
    <TextDialog
      open={open}
      onClose={() => !pending && onCancel()}
      onExited={() => {
        setNote('');
        onExited();
      }}
      title={t(`reports.dialog.${action}.title`, { name })}
      description={
        <Typography sx={{ mb: 2 }}>{t(`reports.dialog.${action}.text`, { name })}</Typography>
      }
      actions={
        <>
          <Button variant="outlined" onClick={onCancel}>
            {t('reports.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            form={`${id}-form`}
            variant="contained"
            color={action === 'suspend' ? 'error' : 'primary'}
            aria-disabled={pending}
            aria-busy={pending}
          >
            {t(`reports.dialog.${action}.confirm`)}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={handleSubmit}>
        <TextField
          id={`${id}-note`}
          label={t(`reports.dialog.${action}.note`, { name })}
          helperText={t('reports.dialog.noteHint', { max: STAFF_LIMITS.noteMax })}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          slotProps={{
            htmlInput: { maxLength: STAFF_LIMITS.noteMax },
            formHelperText: { sx: { mx: 0, fontSize: '1rem' } },
          }}
        />
      </form>
      <FormAlert severity="error">{failure}</FormAlert>
    </TextDialog>
  );
}
