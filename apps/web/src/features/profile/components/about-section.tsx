import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldValue } from '../../../lib/profile-api';
import { SECTION_FIELDS } from '../lib/field-names';
import { aboutPayload, type AboutValues } from '../lib/payload';
import { useNicknameCheck, type NicknameStatus } from '../hooks/use-nickname-check';
import { useSaveProfile } from '../hooks/use-save-profile';
import { useSectionVisibility } from '../hooks/use-section-visibility';
import { FieldRow } from './field-row';
import { SectionForm } from './section-form';
import type { SectionProps } from './section-props';
import { SettingsSection } from './settings-section';
import { VisibilitySelect } from './visibility-select';

const thisYear = new Date().getFullYear();

const aboutSchema = z.object({
  nickname: z.string().trim().min(2, 'nicknameShort').max(50, 'tooLong'),
  name: z.string().trim().max(80, 'tooLong'),
  lastName: z.string().trim().max(80, 'tooLong'),
  headline: z.string().trim().max(120, 'tooLong'),
  about: z.string().trim().max(2000, 'tooLong'),
  yearOfBirth: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d{4}$/.test(value) && +value >= 1900 && +value <= thisYear),
      'yearOfBirth',
    ),
});

const LIMITS: Record<keyof AboutValues, number> = {
  nickname: 50,
  name: 80,
  lastName: 80,
  headline: 120,
  about: 2000,
  yearOfBirth: 4,
};

/** The i18n key of what the live nickname check says (politely announced). */
function nicknameHintKey(status: NicknameStatus) {
  switch (status) {
    case 'checking':
      return 'nickname.checking' as const;
    case 'free':
      return 'nickname.available' as const;
    case 'taken':
      return 'errors.nicknameTaken' as const;
    case 'error':
      return 'errors.nicknameCheck' as const;
    case 'tooShort':
      return 'errors.nicknameShort' as const;
    default:
      return 'nickname.hint' as const;
  }
}

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
    return t(`errors.${code}` as 'errors.tooLong', { count: LIMITS[name] });
  };

  const onSubmit = handleSubmit(async (values) => {
    if (nicknameStatus === 'taken') {
      setError('nickname', { message: 'nicknameTaken' }, { shouldFocus: true });
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
  const nicknameError = errorText('nickname');
  const nicknameBad = Boolean(nicknameError) || nicknameStatus === 'taken';

  return (
    <SettingsSection id="settings-about" title={t('about.title')} intro={t('about.intro')}>
      <SectionForm
        saveState={saveState}
        onSubmit={(event) => void onSubmit(event)}
        submitDescription={t('about.title')}
      >
        <FieldRow>
          <TextField
            {...nicknameField}
            inputRef={nicknameField.ref}
            id="about-nickname"
            label={t('fields.nickname')}
            required
            fullWidth
            autoComplete="nickname"
            error={nicknameBad}
            helperText={
              <Typography component="span" role="status" aria-live="polite" variant="body2">
                {nicknameError ?? t(nicknameHintKey(nicknameStatus))}
              </Typography>
            }
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
