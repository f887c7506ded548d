import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OTP_DEFAULT_LENGTH } from '@attune/contract';

export interface OtpInputProps {
  /** The digits entered so far (only 0-9, at most `length`). */
  value: string;
  onChange: (value: string) => void;
  /** Visible label of the whole group, e.g. "6-digit code". */
  label: string;
  length?: number;
  /** Error text; marks the boxes invalid and is announced. */
  error?: string | undefined;
  /** Extra description below the label. */
  helperText?: string | undefined;
  disabled?: boolean;
  /** Called when the last box gets filled. */
  onComplete?: (value: string) => void;
}

/** Keeps only the digits of a text (what `OtpInput` accepts from typing and pasting). */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * A one-time code input: one labelled group of single-digit boxes. Only digits are accepted; pasting
 * or autofilling a whole code fills every box.
 */
export function OtpInput({
  value,
  onChange,
  label,
  length = OTP_DEFAULT_LENGTH,
  error,
  helperText,
  disabled = false,
  onComplete,
}: OtpInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const helperId = `${id}-helper`;
  const errorId = `${id}-error`;
  const rejectedId = `${id}-rejected`;
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const [rejected, setRejected] = useState(false);
  const digits = Array.from({ length }, (_, index) => value[index] ?? '');

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string) => {
    const clipped = next.slice(0, length);
    onChange(clipped);
    if (clipped.length === length) onComplete?.(clipped);
  };

  /** Writes digits from box `start` on (over any digits there), then focuses the box after them. */
  const fillFrom = (start: number, incoming: string) => {
    const written = incoming.slice(0, length - start);
    commit(value.slice(0, start) + written + value.slice(start + written.length));
    focusBox(Math.min(start + written.length, length - 1));
  };

  /** The value stays contiguous: typing into a box after the last digit writes the next digit. */
  const writePosition = (index: number) => Math.min(index, value.length);

  const handleInput = (index: number, raw: string) => {
    const typed = onlyDigits(raw);
    if (raw !== '' && typed === '') {
      setRejected(true);
      return;
    }
    setRejected(raw !== typed);
    if (typed === '') {
      commit(value.slice(0, index) + value.slice(index + 1));
      return;
    }
    if (typed.length >= length) {
      fillFrom(0, typed);
      return;
    }
    const previous = digits[index] ?? '';
    // A box that held a digit and got one more (caret after it) keeps the newly typed one.
    const incoming =
      previous && typed.length === 2
        ? typed[0] === previous
          ? typed.slice(1)
          : typed.slice(0, 1)
        : typed;
    fillFrom(writePosition(index), incoming);
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text');
    const typed = onlyDigits(pasted);
    setRejected(typed === '' && pasted.trim() !== '');
    if (typed === '') return;
    fillFrom(typed.length >= length ? 0 : writePosition(index), typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      commit(value.slice(0, index - 1) + value.slice(index));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const describedBy = [
    helperText ? helperId : null,
    error ? errorId : null,
    rejected ? rejectedId : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={describedBy || undefined}>
      <Typography id={labelId} component="div" sx={{ fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      {helperText ? (
        <FormHelperText id={helperId} sx={{ mt: 0, mb: 1 }}>
          {helperText}
        </FormHelperText>
      ) : null}
      <Box sx={{ display: 'flex', gap: { xs: 0.75, sm: 1.25 }, flexWrap: 'nowrap' }}>
        {digits.map((digit, index) => (
          <Box
            key={index}
            component="input"
            ref={(element: HTMLInputElement | null) => {
              inputs.current[index] = element;
            }}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('otp.digitLabel', { index: index + 1, count: length })}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
            value={digit}
            onChange={(event) => handleInput(index, event.currentTarget.value)}
            onPaste={(event: ClipboardEvent<HTMLInputElement>) => handlePaste(index, event)}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => handleKeyDown(index, event)}
            onFocus={(event) => event.currentTarget.select()}
            sx={{
              // Boxes shrink to fit narrow screens (320 px wide, 400 % zoom) but never exceed 52 px.
              flex: '1 1 0',
              minWidth: 0,
              maxWidth: 52,
              height: { xs: 52, sm: 60 },
              textAlign: 'center',
              fontSize: '1.75rem',
              fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
              color: 'text.primary',
              backgroundColor: 'background.paper',
              border: '2px solid',
              borderColor: error ? 'error.main' : 'text.secondary',
              borderRadius: 2,
              padding: 0,
              '&:focus': {
                outline: (theme) => `3px solid ${theme.palette.focus}`,
                outlineOffset: '2px',
                borderColor: 'primary.main',
              },
              '&:disabled': { backgroundColor: 'action.disabledBackground' },
            }}
          />
        ))}
      </Box>
      <Box aria-live="polite">
        {rejected ? (
          <FormHelperText id={rejectedId} sx={{ mt: 1 }}>
            {t('otp.digitsOnly')}
          </FormHelperText>
        ) : null}
      </Box>
      {error ? (
        <FormHelperText id={errorId} error role="alert" sx={{ mt: 1 }}>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
