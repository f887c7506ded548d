import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  SUPPORT_FORM_IDS,
  SUPPORT_LIMITS,
  type Language,
  type SupportContactOutput,
  type SupportFormId,
} from '@attune/contract';
import { RadioChoice } from '../../../components/forms/radio-choice';
import { FormAlert } from '../../../components/ui/form-alert';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { errorText } from '../../../lib/error-text';
import { serverFieldError } from '../../../lib/server-field-error';
import { useContactSupport } from '../../../lib/api/support/contact-support';
import { supportFormsQueryOptions } from '../../../lib/api/support/support-forms';
import {
  checkSupportRequest,
  messageLength,
  SUPPORT_FIELDS,
  supportRequestInput,
  type SupportField,
  type SupportProblem,
  type SupportProblems,
  type SupportValues,
} from '../lib/check-support-request';

/** What a field refused by the server shows when the local checks find nothing wrong with it. */
const SERVER_PROBLEM: Record<SupportField, SupportProblem> = {
  formId: 'formRequired',
  name: 'nameRequired',
  email: 'emailInvalid',
  message: 'messageTooShort',
};

export interface SupportRequestFormProps {
  language: Language;
  /** Name and address to start with: a signed-in member's. */
  prefill?: { name: string; email: string } | undefined;
  onSent: (answer: SupportContactOutput) => void;
}

/**
 * The support request: what it is about (the server's forms, in the member's language), name,
 * e-mail address and message, checked here as the contract checks them. A refused field shows
 * why under it and takes the focus; other failures (too many requests, no connection) show above
 * the button. A field people never see (`website`) stays empty unless a robot fills it in.
 */
export function SupportRequestForm({ language, prefill, onSent }: SupportRequestFormProps) {
  const { t } = useTranslation('support');
  const id = useId();
  const { data: forms } = useSuspenseQuery(supportFormsQueryOptions(language));
  const [values, setValues] = useState<SupportValues>({
    formId: 'general',
    name: prefill?.name ?? '',
    email: prefill?.email ?? '',
    message: '',
  });
  const [website, setWebsite] = useState('');
  const [problems, setProblems] = useState<SupportProblems>({});
  const [submitted, setSubmitted] = useState(false);
  const topicGroup = useRef<HTMLDivElement>(null);
  const contact = useContactSupport();
  const fieldId = (field: SupportField) => `${id}-${field}`;
  const options = forms
    .filter((form) => SUPPORT_FORM_IDS.includes(form.id))
    .map((form) => ({ value: form.id, label: form.name }));

  const focusField = (field: SupportField) => {
    if (field === 'formId') {
      const group = topicGroup.current;
      (
        group?.querySelector<HTMLInputElement>('input:checked') ?? group?.querySelector('input')
      )?.focus();
    } else {
      document.getElementById(fieldId(field))?.focus();
    }
  };

  const change = <F extends SupportField>(field: F, value: SupportValues[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Like the other forms: once a submit has shown problems, they update as the member types.
    if (submitted) setProblems(checkSupportRequest(next));
  };
  const handleText =
    (field: 'name' | 'email' | 'message') =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      change(field, event.target.value);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (contact.isPending) return;
    // A refusal from an earlier try no longer stands once the member tries again.
    contact.reset();
    setSubmitted(true);
    const found = checkSupportRequest(values);
    setProblems(found);
    const first = SUPPORT_FIELDS.find((field) => found[field]);
    if (first) return focusField(first);
    contact.mutate(
      supportRequestInput({ ...values, formId: values.formId as SupportFormId }, website),
      {
        onSuccess: onSent,
        onError: (error) => {
          const field = serverFieldError(error, SUPPORT_FIELDS);
          if (!field) return;
          setProblems({ [field]: checkSupportRequest(values)[field] ?? SERVER_PROBLEM[field] });
          focusField(field);
        },
      },
    );
  };

  const problemText = (field: SupportField) => {
    const problem = problems[field];
    return problem
      ? t(`form.errors.${problem}`, {
          min: SUPPORT_LIMITS.messageMin,
          max: field === 'name' ? SUPPORT_LIMITS.nameMax : SUPPORT_LIMITS.messageMax,
        })
      : null;
  };
  const formProblem =
    contact.isError && !serverFieldError(contact.error, SUPPORT_FIELDS)
      ? errorText(contact.error, t('form.failed'))
      : null;
  const messageProblem = problemText('message');

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit}
      aria-label={t('form.label')}
      sx={{ display: 'grid', gap: 3, mt: 3 }}
    >
      <RadioChoice<SupportFormId>
        id={fieldId('formId')}
        legend={t('form.topic')}
        value={values.formId}
        options={options}
        onChange={(value) => change('formId', value)}
        error={problemText('formId')}
        groupRef={topicGroup}
      />
      <TextField
        id={fieldId('name')}
        name="name"
        label={t('form.name')}
        value={values.name}
        onChange={handleText('name')}
        autoComplete="name"
        required
        fullWidth
        error={Boolean(problems.name)}
        helperText={problemText('name')}
        slotProps={{ htmlInput: { maxLength: SUPPORT_LIMITS.nameMax } }}
      />
      <TextField
        id={fieldId('email')}
        name="email"
        type="email"
        label={t('form.email')}
        value={values.email}
        onChange={handleText('email')}
        autoComplete="email"
        required
        fullWidth
        error={Boolean(problems.email)}
        helperText={problemText('email') ?? t('form.emailHint')}
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: 'false' } }}
      />
      {/* A field for robots only: out of sight, out of the tab order, hidden from screen readers. */}
      <Box aria-hidden="true" sx={visuallyHidden}>
        <label htmlFor={`${id}-website`}>{t('form.honeypot')}</label>
        <input
          id={`${id}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </Box>
      <TextField
        id={fieldId('message')}
        name="message"
        label={t('form.message')}
        value={values.message}
        onChange={handleText('message')}
        required
        fullWidth
        multiline
        minRows={6}
        error={Boolean(messageProblem)}
        helperText={
          <>
            {messageProblem ? (
              <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {messageProblem}
              </Box>
            ) : null}
            <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              {t('form.messageHint', {
                min: SUPPORT_LIMITS.messageMin,
                max: SUPPORT_LIMITS.messageMax,
                used: messageLength(values.message),
              })}
            </Box>
          </>
        }
      />
      <Box>
        <FormAlert severity="error">{formProblem}</FormAlert>
        <Button type="submit" variant="contained" size="large" aria-disabled={contact.isPending}>
          {contact.isPending ? t('form.sending') : t('form.submit')}
        </Button>
      </Box>
    </Box>
  );
}
