import type { AlertColor } from '@mui/material/Alert';
import type { ErrorCode, MailSentOutput } from '@attune/contract';
import { errorCodeText, serverError } from '../../../lib/error-text';

/** What a multi-step auth form tells the user right now, above the form. */
export interface FlowAlert {
  severity: AlertColor;
  text: string;
  /** A second line under `text`, e.g. why registration failed. */
  detail?: string | undefined;
}

/**
 * A refusal that belongs to one field: shown under it, the field marked invalid and focused. A new
 * object each time, so the same refusal twice moves the focus again.
 */
export interface FieldIssue {
  text: string;
}

const PASSWORD_CODES: readonly ErrorCode[] = [
  'password_too_short',
  'password_too_long',
  'password_too_common',
  'password_not_visible',
  'password_too_simple',
];

/** The password rule the server refused, for the password field; null for any other failure. */
export function passwordIssue(error: unknown): FieldIssue | null {
  const known = serverError(error);
  if (!known || !PASSWORD_CODES.includes(known.code)) return null;
  const text = errorCodeText(known.code, known.params);
  return text ? { text } : null;
}

/**
 * The notice of a call that mailed something, when the mail could not go out yet (`mail_delayed`):
 * the person moves on and is told the mail will come a little later. Null when it was sent.
 */
export function mailNotice(answer: MailSentOutput): FlowAlert | null {
  const text = answer.notice ? errorCodeText(answer.notice) : null;
  return text ? { severity: 'warning', text } : null;
}
