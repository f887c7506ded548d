import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldLabel } from '../hooks/use-field-label';
import type { NicknameStatus } from '../hooks/use-nickname-check';
import type { OnboardingForm } from '../lib/onboarding-form';

export interface NicknameFieldProps {
  status: NicknameStatus;
}

/**
 * The display name, checked as the member types. The result is written under the field in a
 * polite live region, so it is both seen and announced, never signalled by colour or sound alone.
 */
export function NicknameField({ status }: NicknameFieldProps) {
  // The hint and the check's answers are the settings page's own, so both screens say the same.
  const { t } = useTranslation('profile');
  const label = useFieldLabel();
  const { control } = useFormContext<OnboardingForm>();
  const messages: Record<NicknameStatus, string> = {
    idle: t('nickname.hint'),
    checking: t('nickname.checking'),
    available: t('nickname.available'),
    taken: t('errors.nicknameTaken'),
    error: t('errors.nicknameCheck'),
  };
  return (
    <Controller
      name="nickname"
      control={control}
      render={({ field, fieldState }) => {
        const problem = fieldState.error?.message ?? (status === 'taken' ? messages.taken : null);
        return (
          <TextField
            {...field}
            inputRef={field.ref}
            id="onboarding-nickname"
            label={label('nickname')}
            required
            fullWidth
            autoComplete="nickname"
            error={Boolean(problem)}
            helperText={problem ?? messages[status]}
            slotProps={{
              htmlInput: { maxLength: 50, spellCheck: 'false' },
              formHelperText: {
                role: 'status',
                'aria-live': 'polite',
                // @ts-expect-error data attributes are passed through to the element
                'data-status': status,
              },
            }}
          />
        );
      }}
    />
  );
}
