import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../components/ui/visually-hidden';

/**
 * Words that tell screen reader users which entry a repeated button belongs to ("Make mentor
 * (Klaus)"), after the visible words so voice control still matches what is shown.
 */
export function HiddenContext({ children }: { children: string }) {
  return (
    <>
      {' '}
      <Box component="span" sx={visuallyHidden}>
        ({children})
      </Box>
    </>
  );
}
