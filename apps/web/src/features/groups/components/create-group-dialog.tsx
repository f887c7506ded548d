import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  GROUP_LIMITS,
  GROUP_STATUSES,
  mayCreateGroup,
  type GroupStatus,
  type Language,
} from '@attune/contract';
import { RadioChoice } from '../../../components/forms/radio-choice';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextDialog } from '../../../components/ui/text-dialog';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { errorText } from '../../../lib/error-text';
import { createGroup, groupKeys } from '../../../lib/api/groups';
import { serverFieldError } from '../../../lib/server-field-error';
import { useStatusOptions } from '../hooks/use-status-options';

/** The form's refusals are keys of `groups:errors`. */
const createSchema = z.object({
  name: z.string().trim().min(1, 'nameRequired').max(GROUP_LIMITS.nameMaxLength, 'nameTooLong'),
  description: z.string().trim().max(GROUP_LIMITS.descriptionMaxLength, 'descriptionTooLong'),
  status: z.enum(GROUP_STATUSES),
});
type CreateValues = z.infer<typeof createSchema>;

const EMPTY: CreateValues = { name: '', description: '', status: 'public' };

/** The input paths the server may refuse, and the form field each is about. */
const SERVER_FIELDS = ['name', 'description', 'descriptions', 'status'] as const;
const FORM_FIELD = {
  name: 'name',
  description: 'description',
  descriptions: 'description',
  status: 'status',
} as const;
const INVALID = {
  name: 'nameInvalid',
  description: 'descriptionTooLong',
  descriptions: 'descriptionTooLong',
  status: 'statusInvalid',
} as const;

export interface CreateGroupDialogProps {
  open: boolean;
  onClose: () => void;
  language: Language;
  /** The viewer's capabilities: hidden groups are offered to staff only (`mayCreateGroup`). */
  capabilities: readonly string[];
}

/**
 * "Create a group": its name, what it is about (in the interface language; the others come in
 * the group's settings) and who may see and join it, each status explained. Refusals show at
 * their field, which takes the focus; once created, the member arrives on the group's page.
 */
export function CreateGroupDialog({
  open,
  onClose,
  language,
  capabilities,
}: CreateGroupDialogProps) {
  const { t } = useTranslation('groups');
  const id = useId();
  const formId = `${id}-form`;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showSnackbar = useAppSnackbar();
  const statuses = GROUP_STATUSES.filter((status) => mayCreateGroup(status, capabilities));
  const statusOptions = useStatusOptions(statuses);
  const { register, handleSubmit, control, formState, reset, setError } = useForm<CreateValues>({
    resolver: zodResolver(createSchema),
    defaultValues: EMPTY,
  });

  const mutation = useMutation({
    mutationFn: (values: CreateValues) =>
      createGroup({
        name: values.name,
        status: values.status,
        ...(values.description ? { descriptions: { [language]: values.description } } : {}),
      }),
    onSuccess: async (created, values) => {
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
      showSnackbar({ message: t('create.created', { name: values.name }) });
      onClose();
      await navigate({
        to: '/$lang/groups/$group',
        params: { lang: language, group: created.slug },
      });
    },
    // A refusal of one field shows at that field, which takes the focus.
    onError: (error) => {
      const field = serverFieldError(error, SERVER_FIELDS);
      if (field) setError(FORM_FIELD[field], { message: INVALID[field] }, { shouldFocus: true });
    },
  });

  const message = (field: keyof CreateValues) => {
    const code = formState.errors[field]?.message;
    if (!code) return undefined;
    return t(`errors.${code}` as 'errors.nameRequired', {
      max: field === 'name' ? GROUP_LIMITS.nameMaxLength : GROUP_LIMITS.descriptionMaxLength,
    });
  };

  const submit = handleSubmit((values) => {
    if (!mutation.isPending) mutation.mutate(values);
  });
  const name = register('name');
  const description = register('description');
  const formProblem = mutation.isError && !serverFieldError(mutation.error, SERVER_FIELDS);

  return (
    <TextDialog
      open={open}
      onClose={onClose}
      onExited={() => {
        reset(EMPTY);
        mutation.reset();
      }}
      title={t('create.title')}
      description={t('create.text')}
      actions={
        <>
          <Button variant="outlined" onClick={onClose}>
            {t('create.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            aria-disabled={mutation.isPending}
          >
            {mutation.isPending ? t('create.submitting') : t('create.submit')}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2, mt: 2 }}
      >
        <TextField
          {...name}
          inputRef={name.ref}
          id={`${id}-name`}
          label={t('create.name')}
          required
          fullWidth
          error={Boolean(formState.errors.name)}
          helperText={message('name') ?? t('create.nameHelp', { max: GROUP_LIMITS.nameMaxLength })}
          slotProps={{ htmlInput: { maxLength: GROUP_LIMITS.nameMaxLength } }}
        />
        <TextField
          {...description}
          inputRef={description.ref}
          id={`${id}-description`}
          label={t('create.description')}
          fullWidth
          multiline
          minRows={3}
          error={Boolean(formState.errors.description)}
          helperText={message('description') ?? t('create.descriptionHelp')}
          slotProps={{
            htmlInput: { maxLength: GROUP_LIMITS.descriptionMaxLength, lang: language },
          }}
        />
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <RadioChoice<GroupStatus>
              id={`${id}-status`}
              legend={t('create.statusLegend')}
              value={field.value}
              options={statusOptions}
              onChange={field.onChange}
              error={message('status')}
              groupRef={field.ref}
            />
          )}
        />
        <FormAlert severity="error">
          {formProblem ? errorText(mutation.error, t('create.failed')) : null}
        </FormAlert>
      </Box>
    </TextDialog>
  );
}
