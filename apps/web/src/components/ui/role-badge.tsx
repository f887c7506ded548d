import Box from '@mui/material/Box';
import { usePaletteMode } from '../../hooks/use-palette-mode';
import { useRoleLabel } from '../../hooks/use-role-label';
import { roleDisplay } from '../../lib/role-display';

/** The member's role label on its colour token (spec §6), AA contrast in light and dark mode. */
export function RoleBadge({ roles }: { roles: readonly string[] }) {
  const mode = usePaletteMode();
  const display = roleDisplay(roles, mode);
  const label = useRoleLabel()(display.role);
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
