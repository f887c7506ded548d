import type { InputHTMLAttributes, Ref } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';

export interface RadioChoiceOption<V extends string> {
  value: V;
  label: string;
  /** A sentence under the label, read with it (aria-describedby). */
  hint?: string;
}

export interface RadioChoiceProps<V extends string> {
  /** Prefix of the ids inside (legend, error, hints) and the radios' name. */
  id: string;
  legend: string;
  /** The chosen value; '' while nothing is chosen. */
  value: V | '';
  options: readonly RadioChoiceOption<V>[];
  onChange: (value: V) => void;
  /** Why the choice was refused, in the member's language; the group is described by it. */
  error?: string | null;
  /** The radio group element, e.g. to move the focus into it after a refusal. */
  groupRef?: Ref<HTMLDivElement>;
}

/**
 * One choice among a few, as large radio buttons in a fieldset: every option readable at once,
 * arrow keys move between them, an option may carry a sentence that explains it.
 */
export function RadioChoice<V extends string>({
  id,
  legend,
  value,
  options,
  onChange,
  error,
  groupRef,
}: RadioChoiceProps<V>) {
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ mb: 2, display: 'flex' }}>
      <FormLabel
        component="legend"
        id={legendId}
        sx={{ color: 'text.primary', fontWeight: 600, mb: 1 }}
      >
        {legend}
      </FormLabel>
      <RadioGroup
        ref={groupRef}
        name={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        aria-labelledby={legendId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
      >
        {options.map((option) => {
          const hintId = `${id}-${option.value}-hint`;
          return (
            <Box key={option.value} sx={{ mb: option.hint ? 1 : 0 }}>
              <FormControlLabel
                value={option.value}
                label={option.label}
                sx={{ minHeight: 44 }}
                control={
                  <Radio
                    slotProps={{
                      input: (option.hint
                        ? { 'aria-describedby': hintId }
                        : {}) as InputHTMLAttributes<HTMLInputElement>,
                    }}
                  />
                }
              />
              {option.hint ? (
                <Typography id={hintId} color="text.secondary" sx={{ ml: 4, mt: -0.5 }}>
                  {option.hint}
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </RadioGroup>
      {error ? (
        <FormHelperText id={errorId} sx={{ mx: 0, fontSize: '1rem', fontWeight: 600 }}>
          {error}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
