import useMediaQuery from '@mui/material/useMediaQuery';
import type { PaletteMode } from '../lib/theme';
import { useLocalSetting } from './use-local-setting';

/** The theme mode to show: the member's choice, or the device setting when they chose 'system'. */
export function usePaletteMode(): PaletteMode {
  const [themeMode] = useLocalSetting('themeMode');
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  if (themeMode === 'system') return prefersDark ? 'dark' : 'light';
  return themeMode;
}
