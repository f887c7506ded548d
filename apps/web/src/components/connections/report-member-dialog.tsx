import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  MEMBER_REPORT_DETAILS_MAX,
  MEMBER_REPORT_REASONS,
  MemberReportInput,
  ReportPostInput,
  STAFF_LIMITS,
  type MemberReportReason,
} from '@attune/contract';
import { RadioChoice } from '../forms/radio-choice';
import { FormAlert } from '../ui/form-alert';
import { reportMember } from '../../lib/api/connections';
import { reportPost } from '../../lib/api/staff';
import { errorText, serverError } from '../../lib/error-text';
import { TextDialog } from '../ui/text-dialog';

export interface ReportMemberDialogProps {
  open: boolean;
  /** The member to report (database id) and their name as shown. */
  memberId: number;
  name: string;
  onClose: () => void;
  /** Reporting one of the member's posts rather than the member: the post's id and title. */
  post?: { id: number; title: string } | undefined;
  /** Called once the report is sent, in place of the dialog's own thank-you (the caller confirms). */
  onSent?: (() => void) | undefined;
}

/** A post report with the member report's rule: "something else" needs a few words. */
const PostReportCheck = ReportPostInput.refine(
  (report) => report.reason !== 'other' || Boolean(report.details),
  { path: ['details'], message: 'Please describe what happened.' },
);

type Field = 'reason' | 'details';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * Reporting a member to the team: a reason (MEMBER_REPORT_REASONS) and what happened, which
 * `other` requires. The contract's own schema checks the report before it is sent, so the member
 * reads the same rule the server applies; should the server still refuse a field, its refusal is
 * shown at that field in the member's language, and the focus goes there. Any other failure
 * (too many reports, no answer) is an alert. Once sent, the dialog says thank you. Given a post,
 * it reports that post instead (`POST /api/posts/{id}/report`, the staff queue shows it with the
 * post); the caller may confirm the report itself (`onSent`, e.g. a snackbar).
 */
export function ReportMemberDialog({
  open,
  memberId,
  name,
  onClose,
  post,
  onSent,
}: ReportMemberDialogProps) {
  const { t } = useTranslation('connections');
  const [reason, setReason] = useState<MemberReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const reasonGroup = useRef<HTMLDivElement>(null);
  const detailsInput = useRef<HTMLTextAreaElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const formId = `${id}-form`;
  const detailsMax = post ? STAFF_LIMITS.noteMax : MEMBER_REPORT_DETAILS_MAX;

  // The Send button is gone once the report is sent: Close, beside the thank-you, takes the focus.
  useEffect(() => {
    if (sent) closeButton.current?.focus();
  }, [sent]);

  const reset = () => {
    setReason('');
    setDetails('');
    setErrors({});
    setFailure(null);
    setSent(false);
  };

  const handleClose = () => {
    if (!pending) onClose();
  };

  const fieldError = (field: Field, tooLong = false): string =>
    field === 'reason'
      ? t('safety.reportDialog.errors.reason')
      : tooLong
        ? t('safety.reportDialog.errors.detailsTooLong', { max: detailsMax })
        : t('safety.reportDialog.errors.details');

  /** Shows the errors and moves the focus to the first field with one. */
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    if (found.reason) {
      const radios = reasonGroup.current;
      (
        radios?.querySelector<HTMLInputElement>('input:checked') ?? radios?.querySelector('input')
      )?.focus();
    } else if (found.details) detailsInput.current?.focus();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    const report = { reason: reason || undefined, details: details.trim() || undefined };
    const checked = post
      ? PostReportCheck.safeParse(report)
      : MemberReportInput.safeParse({ userId: memberId, ...report });
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === 'reason' || field === 'details') && !found[field])
          found[field] = fieldError(field, issue.code === 'too_big');
      }
      refuse(found);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      if (post) await reportPost(post.id, checked.data);
      else await reportMember({ userId: memberId, ...checked.data });
      if (onSent) onSent();
      else setSent(true);
    } catch (caught) {
      const known = serverError(caught);
      const field = known?.code === 'validation_failed' ? known.params.field : null;
      if (field === 'reason' || field === 'details') refuse({ [field]: fieldError(field) });
      else setFailure(errorText(caught, t('safety.reportDialog.failed')));
    } finally {
      setPending(false);
    }
  };

  const detailsRequired = reason === 'other';
  const detailsHint = t(
    detailsRequired ? 'safety.reportDialog.detailsRequired' : 'safety.reportDialog.detailsOptional',
    { max: detailsMax },
  );

  return (
    <TextDialog
      open={open}
      onClose={handleClose}
      onExited={reset}
      title={post ? t('safety.reportDialog.postTitle') : t('safety.reportDialog.title', { name })}
      description={
        <Typography sx={{ mb: 2 }}>
          {post
            ? t('safety.reportDialog.postIntro', { title: post.title, name })
            : t('safety.reportDialog.intro', { name })}
        </Typography>
      }
      actions={
        sent ? (
          <Button ref={closeButton} variant="contained" onClick={handleClose}>
            {t('safety.reportDialog.close')}
          </Button>
        ) : (
          <>
            <Button variant="outlined" onClick={handleClose}>
              {t('safety.reportDialog.cancel')}
            </Button>
            <Button
              type="submit"
              form={formId}
              variant="contained"
              // aria-disabled, not disabled: the button keeps the focus while the report is sent.
              aria-disabled={pending}
              aria-busy={pending}
            >
              {pending ? t('safety.reportDialog.pending') : t('safety.reportDialog.submit')}
            </Button>
          </>
        )
      }
    >
      {sent ? null : (
        <form id={formId} noValidate onSubmit={(event) => void handleSubmit(event)}>
          <RadioChoice
            id={`${id}-reason`}
            legend={t('safety.reportDialog.reason')}
            value={reason}
            options={MEMBER_REPORT_REASONS.map((value) => ({
              value,
              label: t(`safety.reportDialog.reasons.${value}`),
            }))}
            onChange={(value) => {
              setReason(value);
              setErrors((old) => ({ ...old, reason: undefined }));
            }}
            error={errors.reason}
            groupRef={reasonGroup}
          />
          <TextField
            id={`${id}-details`}
            label={t('safety.reportDialog.details')}
            value={details}
            onChange={(event) => {
              setDetails(event.target.value);
              if (errors.details) setErrors((old) => ({ ...old, details: undefined }));
            }}
            required={detailsRequired}
            error={Boolean(errors.details)}
            helperText={errors.details ?? detailsHint}
            multiline
            minRows={3}
            fullWidth
            inputRef={detailsInput}
            slotProps={{
              htmlInput: { maxLength: detailsMax },
              formHelperText: { sx: { mx: 0, fontSize: '1rem' } },
            }}
          />
        </form>
      )}
      <FormAlert severity="error">{failure}</FormAlert>
      <FormAlert
        severity="success"
        detail={sent ? t('safety.reportDialog.blockHint', { name }) : null}
      >
        {sent ? t('safety.reportDialog.thanks') : null}
      </FormAlert>
    </TextDialog>
  );
}
