import { useEffect, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SEARCH_MAX_LENGTH, type MentionOutput } from '@attune/contract';
import { mentionCandidates } from '../../../lib/api/comments';

type Candidate = MentionOutput['items'][number];

/**
 * "Mention a member": a combobox that searches the members the author may see (the server's
 * directory rules) as they type, and hands the chosen one to `onPick`, then empties itself.
 */
export function MentionPicker({ onPick }: { onPick: (member: Candidate) => void }) {
  const { t } = useTranslation('posts');
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Candidate[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);

  // Searches a moment after the member stops typing; an older search is dropped.
  const search = (value: string) => {
    clearTimeout(timer.current);
    request.current?.abort();
    const text = value.trim();
    if (text.length < 2) {
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      request.current = controller;
      mentionCandidates(text, controller.signal)
        .then((answer) => setOptions(answer.items))
        .catch(() => setOptions([]))
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
  };
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  return (
    <Autocomplete<Candidate>
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_event, value, reason) => {
        if (reason === 'reset') return;
        setInput(value);
        search(value);
      }}
      onChange={(_event, member) => {
        if (!member) return;
        onPick(member);
        setInput('');
        setOptions([]);
      }}
      filterOptions={(all) => all}
      getOptionLabel={(member) => member.nickname}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      loadingText={t('comments.mention.loading')}
      noOptionsText={
        input.trim().length < 2 ? t('comments.mention.help') : t('comments.mention.noOptions')
      }
      sx={{ maxWidth: 420, mt: 2 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('comments.mention.label')}
          helperText={t('comments.mention.help')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: SEARCH_MAX_LENGTH },
          }}
        />
      )}
    />
  );
}
