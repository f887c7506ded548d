import type { ChangeEventHandler, FocusEventHandler, Ref } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MIN_LENGTH, TEXT_LIMITS, type NicknameProblem } from '@attune/contract';
import { nicknameBlocksSaving, type NicknameStatus } from '../../hooks/use-nickname-check';
import { i18n } from '../../lib/i18n';

/** The text of a display-name problem (contract `nicknameProblem`), for the forms' own checks. */
export function nicknameProblemText(problem: NicknameProblem): string {
  return nicknameStatusText(problem);
}

/** What the field says under itself for each state of the check, in the current language. */
export function nicknameStatusText(status: NicknameStatus): string {
  switch (status) {
    case 'idle':
      return i18n.t('nicknameField.hint');
    case 'too_short':
      return i18n.t('nicknameField.tooShort', { min: NICKNAME_MIN_LENGTH });
    case 'too_long':
      return i18n.t('nicknameField.tooLong', { max: TEXT_LIMITS.nickname });
    case 'reserved':
      return i18n.t('errors.nickname_reserved');
    case 'checking':
      return i18n.t('nicknameField.checking');
    case 'available':
      return i18n.t('nicknameField.available');
    case 'taken':
      return i18n.t('errors.nickname_taken');
    case 'error':
      return i18n.t('nicknameField.checkFailed');
  }
}

export interface NicknameFieldProps {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
  /** What `useNicknameCheck` says about the name typed so far. */
  status: NicknameStatus;
  /** The form's own message after "Save" (e.g. the name is required), shown first. */
  error?: string;
}

/**
 * The display-name field of onboarding and settings. What the check finds is written under the
 * field in a polite live region, so it is both seen and announced, never signalled by colour or
 * sound alone; a name that cannot be used also marks the field as invalid.
 */
export function NicknameField({ status, error, inputRef, ...field }: NicknameFieldProps) {
  // Re-renders on a language change; the texts come from the one list above.
  useTranslation();
  const problem = error ?? (nicknameBlocksSaving(status) ? nicknameStatusText(status) : undefined);
  return (
    <TextField
      {...field}
      inputRef={inputRef}
      required
      fullWidth
      autoComplete="nickname"
      error={Boolean(problem)}
      helperText={problem ?? nicknameStatusText(status)}
      slotProps={{
        htmlInput: { maxLength: TEXT_LIMITS.nickname, spellCheck: 'false' },
        formHelperText: {
          role: 'status',
          'aria-live': 'polite',
          // @ts-expect-error data attributes are passed through to the element
          'data-status': status,
        },
      }}
    />
  );
}
