import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { usePaletteMode } from '../../hooks/use-palette-mode';
import { DEFAULT_LANGUAGE } from '@attune/contract';
import { getManufacturerName, isDefaultManufacturerName } from '../../lib/config';
import { isLanguage } from '../../lib/language';
import { roleDisplay } from '../../lib/role-display';

/** The member's role label on its colour token (spec §6), AA contrast in light and dark mode. */
export function RoleBadge({ roles }: { roles: readonly string[] }) {
  const { t, i18n } = useTranslation('profile');
  const mode = usePaletteMode();
  const display = roleDisplay(roles, mode);
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  // The neutral words ("der Hersteller") get labels of their own: "Team {{manufacturer}}" reads
  // well with a brand name, "Team des Herstellers" without one.
  const label = t(display.labelKey, {
    manufacturer: getManufacturerName(language),
    context: isDefaultManufacturerName(language) ? 'default' : undefined,
  });
  return (
    <Box
      component="span"
      data-role={display.role}
      data-color-token={display.colorToken}
      sx={{
        display: 'inline-block',
        px: 1.5,
        py: 0.25,
        borderRadius: 999,
        fontWeight: 600,
        fontSize: '0.9375rem',
        backgroundColor: display.colors.background,
        color: display.colors.text,
      }}
    >
      {label}
    </Box>
  );
}
