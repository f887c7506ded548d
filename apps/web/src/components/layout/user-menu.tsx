import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import { createLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { useLocalSetting } from '../../hooks/use-local-setting';
import type { ThemeMode } from '../../lib/local-settings';
import { AccountIcon } from '../ui/icons';
import { visuallyHidden } from '../ui/visually-hidden';

function MenuAnchor({ ref, ...props }: MenuItemProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <MenuItem ref={ref} component="a" {...props} />;
}
const MenuLink = createLink(MenuAnchor);

const THEME_MODES: ThemeMode[] = ['light', 'dark', 'system'];

export interface UserMenuProps {
  language: Language;
  /** The display name the member chose, or null until they choose one (lib/display-name.ts). */
  displayName: string | null;
  /** The member's profile address (`profileAddress`: display name, else username). */
  profileAddress: string;
  /** Whether to offer the staff area (`/{lang}/medel`): the viewer is staff. */
  staffArea?: boolean;
}

/**
 * The member's menu: profile, settings, theme (saved in client settings) and log out. It follows
 * the WAI-ARIA menu button pattern: Enter, Space, a click or ArrowDown opens it with the focus on
 * its first item; choosing an item closes it, and the focus goes back to the button.
 */
export function UserMenu({
  language,
  displayName,
  profileAddress,
  staffArea = false,
}: UserMenuProps) {
  const { t } = useTranslation(['layout', 'common']);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [themeMode, setThemeMode] = useLocalSetting('themeMode');
  // Said politely once the menu has closed: the focus is back on the button by then, and the
  // new theme is named for those who cannot see it change.
  const [themeNews, setThemeNews] = useState('');
  // A fresh menu for every opening: one reopened while still fading out would otherwise start
  // on the item that was active when it closed.
  const [opening, setOpening] = useState(0);
  const id = useId();
  const openAt = (button: HTMLElement) => {
    setOpening((count) => count + 1);
    setAnchor(button);
  };
  const close = () => setAnchor(null);
  const open = Boolean(anchor);
  // Until a display name is chosen, the menu says "your account" and welcomes the member, never
  // showing the generated username (decision 0023).
  const buttonLabel = displayName
    ? t('userMenu.open', { nickname: displayName })
    : t('userMenu.openUnnamed');

  const chooseTheme = (mode: ThemeMode) => {
    setThemeMode(mode);
    setThemeNews(t('userMenu.theme.chosen', { theme: t(`userMenu.theme.${mode}`) }));
    close();
  };

  const openWithArrow = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown' || open) return;
    event.preventDefault();
    openAt(event.currentTarget);
  };

  return (
    <>
      <IconButton
        id={`${id}-button`}
        aria-label={buttonLabel}
        title={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={(event) => openAt(event.currentTarget)}
        onKeyDown={openWithArrow}
        sx={{ color: 'text.primary' }}
      >
        <AccountIcon />
      </IconButton>
      <Menu
        key={opening}
        id={`${id}-menu`}
        anchorEl={anchor}
        open={open}
        onClose={close}
        // Open on the first item, not on the chosen theme (MUI's default "selectedMenu").
        variant="menu"
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-labelledby': `${id}-button` },
          // Long items wrap instead of being cut off (a phone at 200 % text, German words).
          paper: {
            sx: { '& .MuiMenuItem-root': { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
          },
        }}
      >
        {/* Headings, not items: role="none", since a menu holds only items, groups and separators. */}
        <ListSubheader role="none" sx={{ lineHeight: 2.5, overflowWrap: 'anywhere' }}>
          {displayName ?? t('common:greeting.welcome')}
        </ListSubheader>
        <MenuLink
          to="/$lang/profile/$nickname"
          params={{ lang: language, nickname: profileAddress }}
          onClick={close}
        >
          {t('userMenu.profile')}
        </MenuLink>
        <MenuLink to="/$lang/profile/settings" params={{ lang: language }} onClick={close}>
          {t('userMenu.settings')}
        </MenuLink>
        <MenuLink to="/$lang/community/settings" params={{ lang: language }} onClick={close}>
          {t('userMenu.communitySettings')}
        </MenuLink>
        {staffArea ? (
          <MenuLink to="/$lang/medel" params={{ lang: language }} onClick={close}>
            {t('userMenu.staffArea')}
          </MenuLink>
        ) : null}
        <Divider />
        <ListSubheader role="none" id={`${id}-theme`} sx={{ lineHeight: 2.5 }}>
          {t('userMenu.theme.label')}
        </ListSubheader>
        {THEME_MODES.map((mode) => (
          <MenuItem
            key={mode}
            role="menuitemradio"
            aria-checked={themeMode === mode}
            aria-describedby={`${id}-theme`}
            selected={themeMode === mode}
            onClick={() => chooseTheme(mode)}
          >
            <span aria-hidden="true" style={{ width: '1.5em', display: 'inline-block' }}>
              {themeMode === mode ? '✓' : ''}
            </span>
            {t(`userMenu.theme.${mode}`)}
          </MenuItem>
        ))}
        <Divider />
        <MenuLink to="/$lang/logout" params={{ lang: language }} onClick={close}>
          {t('userMenu.logout')}
        </MenuLink>
      </Menu>
      <Box role="status" sx={visuallyHidden}>
        {themeNews}
      </Box>
    </>
  );
}
