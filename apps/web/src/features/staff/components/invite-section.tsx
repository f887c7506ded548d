import { useId, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InviteUserInput, LANGUAGES, type GrantableRole, type Language } from '@attune/contract';
import { RadioChoice } from '../../../components/forms/radio-choice';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatLongDate } from '../../../lib/dates';
import { errorText, serverError } from '../../../lib/error-text';
import { inviteUser, staffKeys } from '../../../lib/api/staff';
import { invitableRoles } from '../lib/roles';
import { StaffSection } from './staff-section';

export interface InviteSectionProps {
  language: Language;
  /** The viewer's roles: which roles they may invite with. */
  roles: readonly string[];
}

/**
 * Inviting someone: their address, the role they get (only roles the viewer may grant; the choice
 * is left out when that is just "member") and the language of the mail and link. An address that
 * has an account already is refused at the field.
 */
export function InviteSection({ language, roles }: InviteSectionProps) {
  const { t } = useTranslation(['staff', 'common']);
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const choices = invitableRoles(roles);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GrantableRole>('member');
  const [mailLanguage, setMailLanguage] = useState<Language>(language);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const refuseEmail = (text: string) => {
    setEmailError(text);
    input.current?.focus();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSent(null);
    setFailure(null);
    const checked = InviteUserInput.safeParse({
      email: email.trim(),
      ...(choices.length > 1 ? { role } : {}),
      language: mailLanguage,
    });
    if (!checked.success) {
      refuseEmail(t('staff:members.emailInvalid'));
      return;
    }
    setEmailError(null);
    setPending(true);
    try {
      const answer = await inviteUser(checked.data);
      setSent(
        t('staff:members.invite.sent', {
          email: checked.data.email,
          date: formatLongDate(answer.expiresAt, language),
        }),
      );
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: staffKeys.overview() });
    } catch (error) {
      const known = serverError(error);
      if (known?.code === 'email_taken') refuseEmail(t('staff:members.invite.taken'));
      else if (known?.code === 'validation_failed' && known.params.field === 'email')
        refuseEmail(t('staff:members.emailInvalid'));
      else setFailure(errorText(error, t('staff:members.invite.failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <StaffSection
      id={`${id}-title`}
      title={t('staff:members.invite.title')}
      intro={t('staff:members.invite.intro')}
    >
      <Box
        component="form"
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(event)}
      >
        <TextField
          id={`${id}-email`}
          type="email"
          label={t('staff:members.invite.email')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
          required
          fullWidth
          error={Boolean(emailError)}
          helperText={emailError ?? undefined}
          inputRef={input}
          autoComplete="off"
          sx={{ mb: 3 }}
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
        {choices.length > 1 ? (
          <RadioChoice
            id={`${id}-role`}
            legend={t('staff:members.invite.role')}
            value={role}
            options={choices.map((value) => ({ value, label: t(`staff:roles.${value}`) }))}
            onChange={setRole}
          />
        ) : null}
        <RadioChoice
          id={`${id}-language`}
          legend={t('staff:members.invite.language')}
          value={mailLanguage}
          options={LANGUAGES.map((value) => ({ value, label: t(`staff:languages.${value}`) }))}
          onChange={setMailLanguage}
        />
        <Button type="submit" variant="contained" aria-busy={pending}>
          {pending ? t('staff:members.invite.pending') : t('staff:members.invite.submit')}
        </Button>
      </Box>
      <FormAlert severity="success">{sent}</FormAlert>
      <FormAlert severity="error">{failure}</FormAlert>
    </StaffSection>
  );
}
