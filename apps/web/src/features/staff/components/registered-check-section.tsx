import { useId, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { IsRegisteredQuery } from '@attune/contract';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorText } from '../../../lib/error-text';
import { checkRegistered } from '../../../lib/api/staff';
import { StaffSection } from './staff-section';

/**
 * "Is this e-mail registered?": staff look an address up before inviting someone (the look-up is
 * staff only, and logged). The answer is said politely under the form.
 */
export function RegisteredCheckSection() {
  const { t } = useTranslation('staff');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setAnswer(null);
    setFailure(null);
    const checked = IsRegisteredQuery.safeParse({ email: email.trim() });
    if (!checked.success) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setInvalid(false);
    setPending(true);
    try {
      const found = await checkRegistered(checked.data.email);
      setAnswer(
        found.registered
          ? t('members.check.registered', { email: checked.data.email, id: found.userId ?? '' })
          : t('members.check.notRegistered', { email: checked.data.email }),
      );
    } catch (error) {
      setFailure(errorText(error, t('members.check.failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <StaffSection
      id={`${id}-title`}
      title={t('members.check.title')}
      intro={t('members.check.intro')}
    >
      <Box
        component="form"
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <TextField
          id={`${id}-email`}
          type="email"
          label={t('members.check.email')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setInvalid(false);
          }}
          required
          error={invalid}
          helperText={invalid ? t('members.emailInvalid') : undefined}
          inputRef={input}
          autoComplete="off"
          sx={{ flex: '1 1 16rem' }}
          slotProps={{
            htmlInput: {
              inputMode: 'email',
              autoCapitalize: 'none',
              spellCheck: 'false',
              maxLength: 254,
            },
            formHelperText: { sx: { mx: 0, fontSize: '1rem' } },
          }}
        />
        <Button type="submit" variant="contained" aria-busy={pending} sx={{ mt: 0.5 }}>
          {pending ? t('members.check.pending') : t('members.check.submit')}
        </Button>
      </Box>
      <FormAlert severity="info">{answer}</FormAlert>
      <FormAlert severity="error">{failure}</FormAlert>
    </StaffSection>
  );
}
