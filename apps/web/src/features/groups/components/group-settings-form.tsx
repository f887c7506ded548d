import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  GROUP_LIMITS,
  GROUP_STATUSES,
  LANGUAGES,
  mayCreateGroup,
  type GroupOutput,
  type GroupStatus,
  type GroupUpdateInput,
  type Language,
} from '@attune/contract';
import { RadioChoice } from '../../../components/forms/radio-choice';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorText } from '../../../lib/error-text';
import { applyGroupChange, updateGroup, uploadGroupCover } from '../../../lib/api/groups';
import { useStatusOptions } from '../hooks/use-status-options';
import { serverFieldError } from '../../../lib/server-field-error';

type DescriptionField = `descriptions.${Language}`;
type Field = 'name' | DescriptionField | 'status' | 'coverImageUrl';
const SERVER_FIELDS: readonly Field[] = [
  'name',
  ...LANGUAGES.map((code) => `descriptions.${code}` as const),
  'status',
  'coverImageUrl',
];
/** The text of a refusal at each field (keys of `groups:errors`). */
const INVALID: Record<
  Field,
  'nameInvalid' | 'descriptionTooLong' | 'statusInvalid' | 'coverInvalid'
> = {
  name: 'nameInvalid',
  'descriptions.en': 'descriptionTooLong',
  'descriptions.de': 'descriptionTooLong',
  'descriptions.es': 'descriptionTooLong',
  status: 'statusInvalid',
  coverImageUrl: 'coverInvalid',
};

export interface GroupSettingsFormProps {
  group: GroupOutput;
  /** The viewer's capabilities: the hidden status is offered to staff (and kept if already set). */
  capabilities: readonly string[];
}

/**
 * A group's settings for its admins and staff: name, a description per language (each field
 * labelled with its language and marked with it), status, cover image (upload or remove). Only
 * what changed is sent; a refusal shows at its field, which takes the focus; success is said in a
 * polite status line.
 */
export function GroupSettingsForm({ group, capabilities }: GroupSettingsFormProps) {
  const { t } = useTranslation('groups');
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(group.name);
  const [descriptions, setDescriptions] = useState<Record<Language, string>>({
    en: group.descriptions.en ?? '',
    de: group.descriptions.de ?? '',
    es: group.descriptions.es ?? '',
  });
  const [status, setStatus] = useState<GroupStatus>(group.status);
  const [cover, setCover] = useState<string | null>(group.coverImageUrl);
  const [coverNote, setCoverNote] = useState('');
  const [uploading, setUploading] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const statusGroup = useRef<HTMLDivElement>(null);
  const fieldId = (field: Field) => `${id}-${field.replace('.', '-')}`;
  const statuses = GROUP_STATUSES.filter(
    (one) => one === group.status || mayCreateGroup(one, capabilities),
  );
  const statusOptions = useStatusOptions(statuses);

  const focusField = (field: Field) => {
    if (field === 'status') statusGroup.current?.querySelector('input')?.focus();
    else if (field === 'coverImageUrl') fileInput.current?.focus();
    else document.getElementById(fieldId(field))?.focus();
  };

  /** What differs from the group as saved; null when nothing does. */
  const changes = (): GroupUpdateInput | null => {
    const input: GroupUpdateInput = { groupId: group.id };
    if (name.trim() !== group.name) input.name = name.trim();
    if (LANGUAGES.some((code) => descriptions[code].trim() !== (group.descriptions[code] ?? '')))
      input.descriptions = {
        en: descriptions.en.trim(),
        de: descriptions.de.trim(),
        es: descriptions.es.trim(),
      };
    if (status !== group.status) input.status = status;
    if (cover !== group.coverImageUrl) input.coverImageUrl = cover;
    return Object.keys(input).length > 1 ? input : null;
  };

  const mutation = useMutation({
    mutationFn: updateGroup,
    onSuccess: async (changed) => {
      setSaved(t('manage.settings.saved'));
      setCoverNote('');
      await applyGroupChange(queryClient, changed);
    },
    onError: (error) => {
      const field = serverFieldError(error, SERVER_FIELDS);
      if (!field) return;
      setProblems({ [field]: t(`errors.${INVALID[field]}`, { max: maxOf(field) }) });
      focusField(field);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || uploading) return;
    setSaved('');
    const found: Partial<Record<Field, string>> = {};
    if (!name.trim()) found.name = t('errors.nameRequired');
    setProblems(found);
    if (found.name) return focusField('name');
    const input = changes();
    if (!input) {
      setSaved(t('manage.settings.nothingChanged'));
      return;
    }
    mutation.mutate(input);
  };

  const chooseCover = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploading(true);
    setSaved('');
    setProblems((old) => ({ ...old, coverImageUrl: undefined }));
    setCoverNote(t('manage.settings.cover.uploading'));
    try {
      setCover(await uploadGroupCover(file));
      setCoverNote(t('manage.settings.cover.uploaded'));
    } catch (error) {
      setCoverNote('');
      setProblems((old) => ({
        ...old,
        coverImageUrl: errorText(error, t('manage.settings.cover.failed')),
      }));
    } finally {
      setUploading(false);
      event.target.value = '';
    }
  };

  const removeCover = () => {
    setCover(null);
    setSaved('');
    setCoverNote(t('manage.settings.cover.removed'));
    fileInput.current?.focus();
  };

  const formProblem =
    mutation.isError && !serverFieldError(mutation.error, SERVER_FIELDS)
      ? errorText(mutation.error, t('manage.settings.failed'))
      : null;
  const coverErrorId = `${id}-cover-error`;
  const coverHelpId = `${id}-cover-help`;

  return (
    <Box component="section" aria-labelledby={`${id}-heading`}>
      <Typography id={`${id}-heading`} component="h2" variant="h5" sx={{ mb: 2 }}>
        {t('manage.settings.heading')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3 }}>
        <TextField
          id={fieldId('name')}
          label={t('manage.settings.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          fullWidth
          error={Boolean(problems.name)}
          helperText={problems.name}
          slotProps={{ htmlInput: { maxLength: GROUP_LIMITS.nameMaxLength } }}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
          <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
            {t('manage.settings.descriptionsLegend')}
          </Typography>
          {LANGUAGES.map((code) => {
            const field = `descriptions.${code}` as const;
            return (
              <TextField
                key={code}
                id={fieldId(field)}
                label={t(`manage.settings.description.${code}`)}
                value={descriptions[code]}
                onChange={(event) =>
                  setDescriptions((old) => ({ ...old, [code]: event.target.value }))
                }
                fullWidth
                multiline
                minRows={3}
                error={Boolean(problems[field])}
                helperText={problems[field]}
                slotProps={{
                  htmlInput: { maxLength: GROUP_LIMITS.descriptionMaxLength, lang: code },
                }}
              />
            );
          })}
        </Box>
        <RadioChoice<GroupStatus>
          id={`${id}-status`}
          legend={t('manage.settings.statusLegend')}
          value={status}
          options={statusOptions}
          onChange={setStatus}
          error={problems.status}
          groupRef={statusGroup}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
            {t('manage.settings.cover.legend')}
          </Typography>
          {cover ? (
            <Box
              component="img"
              src={cover}
              alt={t('manage.settings.cover.current')}
              sx={{
                display: 'block',
                width: '100%',
                maxWidth: 480,
                maxHeight: 200,
                objectFit: 'cover',
                borderRadius: 2,
                mb: 2,
              }}
            />
          ) : (
            <Typography sx={{ mb: 2 }}>{t('manage.settings.cover.none')}</Typography>
          )}
          <Typography
            component="label"
            htmlFor={`${id}-cover-file`}
            sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}
          >
            {t('manage.settings.cover.choose')}
          </Typography>
          <Typography id={coverHelpId} variant="body2" sx={{ mb: 1 }}>
            {t('manage.settings.cover.help')}
          </Typography>
          <input
            ref={fileInput}
            id={`${id}-cover-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={
              problems.coverImageUrl ? `${coverHelpId} ${coverErrorId}` : coverHelpId
            }
            aria-invalid={problems.coverImageUrl ? true : undefined}
            onChange={(event) => void chooseCover(event)}
          />
          {cover ? (
            <Box sx={{ mt: 2 }}>
              <Button variant="outlined" onClick={removeCover} aria-disabled={uploading}>
                {t('manage.settings.cover.remove')}
              </Button>
            </Box>
          ) : null}
          <Typography role="status" aria-live="polite" sx={{ mt: 1 }}>
            {coverNote}
          </Typography>
          {problems.coverImageUrl ? (
            <Typography
              id={coverErrorId}
              role="alert"
              sx={{ mt: 1, color: 'error.main', fontWeight: 600 }}
            >
              {problems.coverImageUrl}
            </Typography>
          ) : null}
        </Box>
        <Box>
          <FormAlert severity="error">{formProblem}</FormAlert>
          <FormAlert severity="success">{saved}</FormAlert>
          <Button
            type="submit"
            variant="contained"
            size="large"
            aria-disabled={mutation.isPending || uploading}
          >
            {mutation.isPending ? t('manage.settings.saving') : t('manage.settings.save')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

const maxOf = (field: Field) =>
  field === 'name' ? GROUP_LIMITS.nameMaxLength : GROUP_LIMITS.descriptionMaxLength;
