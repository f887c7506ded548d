import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  isYearOfBirthValid,
  nicknameProblem,
  TEXT_LIMITS,
  type NicknameProblem,
} from '@attune/contract';
import {
  NicknameField,
  nicknameProblemText,
  nicknameStatusText,
} from '../../../components/forms/nickname-field';
import { nicknameBlocksSaving, useNicknameCheck } from '../../../hooks/use-nickname-check';
import { fieldValue } from '../../../lib/api/profile';
import { SECTION_FIELDS } from '../lib/field-names';
import { aboutPayload, type AboutValues } from '../lib/payload';
import { useSaveProfile } from '../hooks/use-save-profile';
import { useSectionVisibility } from '../hooks/use-section-visibility';
import { FieldRow } from './field-row';
import { SectionForm } from './section-form';
import type { SectionProps } from './section-props';
import { SettingsSection } from './settings-section';
import { VisibilitySelect } from './visibility-select';

/** Marks a display-name problem in the form's errors, so its own text is shown. */
const NICKNAME_PREFIX = 'nickname:';

const aboutSchema = z.object({
  nickname: z
    .string()
    .trim()
    .superRefine((value, context) => {
      const problem = nicknameProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: `${NICKNAME_PREFIX}${problem}` });
    }),
  name: z.string().trim().max(TEXT_LIMITS.firstName, 'tooLong'),
  lastName: z.string().trim().max(TEXT_LIMITS.lastName, 'tooLong'),
  headline: z.string().trim().max(TEXT_LIMITS.headline, 'tooLong'),
  about: z.string().trim().max(TEXT_LIMITS.description, 'tooLong'),
  yearOfBirth: z
    .string()
    .trim()
    .refine((value) => isYearOfBirthValid(value), 'yearOfBirth'),
});

const LIMITS: Record<keyof AboutValues, number> = {
  nickname: TEXT_LIMITS.nickname,
  name: TEXT_LIMITS.firstName,
  lastName: TEXT_LIMITS.lastName,
  headline: TEXT_LIMITS.headline,
  about: TEXT_LIMITS.description,
  yearOfBirth: 4,
};

/** About you: nickname (checked as you type), names, headline, about, year of birth. */
export function AboutSection({ me, fields }: SectionProps) {
  const { t } = useTranslation('profile');
  const saveState = useSaveProfile();
  const [visibility, setVisibility] = useSectionVisibility(
    SECTION_FIELDS.about,
    me.extendedProfile,
    fields,
  );
  const { register, handleSubmit, formState, control, setError } = useForm<AboutValues>({
    resolver: zodResolver(aboutSchema),
    defaultValues: {
      nickname: me.nickname,
      name: me.firstName,
      lastName: me.lastName,
      headline: fieldValue(me.extendedProfile, 'headline'),
      about: me.description,
      yearOfBirth: fieldValue(me.extendedProfile, 'year of birth'),
    },
  });
  const nickname = useWatch({ control, name: 'nickname' });
  const nicknameStatus = useNicknameCheck(nickname, me.nickname);

  const errorText = (name: keyof AboutValues) => {
    const code = formState.errors[name]?.message;
    if (!code) return undefined;
    if (code.startsWith(NICKNAME_PREFIX))
      return nicknameProblemText(code.slice(NICKNAME_PREFIX.length) as NicknameProblem);
    if (code === 'nicknameStatus') return nicknameStatusText(nicknameStatus);
    return t(`errors.${code}` as 'errors.tooLong', { count: LIMITS[name] });
  };

  const onSubmit = handleSubmit(async (values) => {
    if (nicknameBlocksSaving(nicknameStatus)) {
      setError('nickname', { message: 'nicknameStatus' }, { shouldFocus: true });
      return;
    }
    await saveState.save(aboutPayload(values, visibility));
  });

  const text = (name: keyof AboutValues, label: string, extra: object = {}) => {
    const { ref, ...field } = register(name);
    return (
      <TextField
        {...field}
        {...extra}
        inputRef={ref}
        id={`about-${name}`}
        label={label}
        fullWidth
        error={Boolean(formState.errors[name])}
        helperText={errorText(name)}
      />
    );
  };

  const nicknameField = register('nickname');

  return (
    <SettingsSection id="settings-about" title={t('about.title')} intro={t('about.intro')}>
      <SectionForm
        saveState={saveState}
        onSubmit={(event) => void onSubmit(event)}
        submitDescription={t('about.title')}
      >
        <FieldRow>
          <NicknameField
            id="about-nickname"
            label={t('fields.nickname')}
            name={nicknameField.name}
            value={nickname}
            onChange={(event) => void nicknameField.onChange(event)}
            onBlur={(event) => void nicknameField.onBlur(event)}
            inputRef={nicknameField.ref}
            status={nicknameStatus}
            error={errorText('nickname')}
          />
        </FieldRow>
        <FieldRow>{text('name', t('fields.firstName'), { autoComplete: 'given-name' })}</FieldRow>
        <FieldRow>
          {text('lastName', t('fields.lastName'), { autoComplete: 'family-name' })}
        </FieldRow>
        <FieldRow
          visibility={
            <VisibilitySelect
              id="visibility-headline"
              fieldLabel={t('fields.headline')}
              value={visibility.headline}
              onChange={(level) => setVisibility('headline', level)}
            />
          }
        >
          {text('headline', t('fields.headline'), { placeholder: t('about.headlineExample') })}
        </FieldRow>
        <FieldRow>{text('about', t('about.about'), { multiline: true, minRows: 3 })}</FieldRow>
        <FieldRow
          visibility={
            <VisibilitySelect
              id="visibility-year-of-birth"
              fieldLabel={t('fields.yearOfBirth')}
              value={visibility['year of birth']}
              onChange={(level) => setVisibility('year of birth', level)}
            />
          }
        >
          {text('yearOfBirth', t('fields.yearOfBirth'), {
            slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 4 } },
            autoComplete: 'bday-year',
          })}
        </FieldRow>
      </SectionForm>
    </SettingsSection>
  );
}
