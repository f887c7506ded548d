import { useId, useState, type Ref } from 'react';
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

function MenuAnchor({ ref, ...props }: MenuItemProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <MenuItem ref={ref} component="a" {...props} />;
}
const MenuLink = createLink(MenuAnchor);

const THEME_MODES: ThemeMode[] = ['light', 'dark', 'system'];

export interface UserMenuProps {
  language: Language;
  /** Shown at the top of the menu and used for the profile link. */
  nickname: string;
  /** The profile route's parameter is the username (display names may hold spaces and change). */
  username: string;
}

/** The member's menu: profile, settings, theme (saved in client settings) and log out. */
export function UserMenu({ language, nickname, username }: UserMenuProps) {
  const { t } = useTranslation('layout');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [themeMode, setThemeMode] = useLocalSetting('themeMode');
  const id = useId();
  const close = () => setAnchor(null);
  const open = Boolean(anchor);

  return (
    <>
      <IconButton
        id={`${id}-button`}
        aria-label={t('userMenu.open', { nickname })}
        title={t('userMenu.open', { nickname })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: 'text.primary' }}
      >
        <AccountIcon />
      </IconButton>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
      >
        <ListSubheader sx={{ lineHeight: 2.5, overflowWrap: 'anywhere' }}>{nickname}</ListSubheader>
        <MenuLink
          to="/$lang/profile/$nickname"
          params={{ lang: language, nickname: username }}
          onClick={close}
        >
          {t('userMenu.profile')}
        </MenuLink>
        <MenuLink to="/$lang/profile/settings" params={{ lang: language }} onClick={close}>
          {t('userMenu.settings')}
        </MenuLink>
        <Divider />
        <ListSubheader id={`${id}-theme`} sx={{ lineHeight: 2.5 }}>
          {t('userMenu.theme.label')}
        </ListSubheader>
        {THEME_MODES.map((mode) => (
          <MenuItem
            key={mode}
            role="menuitemradio"
            aria-checked={themeMode === mode}
            selected={themeMode === mode}
            onClick={() => setThemeMode(mode)}
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
    </>
  );
}
