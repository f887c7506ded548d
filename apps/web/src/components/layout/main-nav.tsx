import type { ComponentType, Ref } from 'react';
import Box from '@mui/material/Box';
import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { createLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import {
  BookmarkIcon,
  ChatIcon,
  ConnectionsIcon,
  FeedIcon,
  GroupsIcon,
  HomeIcon,
  SupportIcon,
  WriteIcon,
} from '../ui/icons';

function NavAnchor({ ref, ...props }: ListItemButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <ListItemButton ref={ref} component="a" {...props} />;
}
const NavLink = createLink(NavAnchor);

type NavTarget =
  | '/$lang'
  | '/$lang/feed'
  | '/$lang/groups'
  | '/$lang/connections'
  | '/$lang/chat'
  | '/$lang/posts/mine'
  | '/$lang/posts/saved'
  | '/$lang/support';

const ITEMS: Array<{ to: NavTarget; key: string; Icon: ComponentType<SvgIconProps> }> = [
  { to: '/$lang', key: 'home', Icon: HomeIcon },
  { to: '/$lang/feed', key: 'feed', Icon: FeedIcon },
  { to: '/$lang/groups', key: 'groups', Icon: GroupsIcon },
  { to: '/$lang/connections', key: 'connections', Icon: ConnectionsIcon },
  { to: '/$lang/chat', key: 'chat', Icon: ChatIcon },
  { to: '/$lang/posts/mine', key: 'mine', Icon: WriteIcon },
  { to: '/$lang/posts/saved', key: 'saved', Icon: BookmarkIcon },
  { to: '/$lang/support', key: 'support', Icon: SupportIcon },
];

export interface MainNavProps {
  language: Language;
  /** Called after a link is chosen (closes the drawer on small screens). */
  onNavigate?: () => void;
}

/** The main navigation of the logged layout (spec: home, feed, groups, connections, chat, saved, support; and the member's own posts). */
export function MainNav({ language, onNavigate }: MainNavProps) {
  const { t } = useTranslation('layout');
  return (
    <Box component="nav" aria-label={t('nav.label')}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 1 }}>
        {ITEMS.map(({ to, key, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              params={{ lang: language }}
              activeOptions={{ exact: to === '/$lang' }}
              onClick={onNavigate}
              sx={{
                borderRadius: 2,
                my: 0.25,
                color: 'text.primary',
                '&[aria-current="page"]': {
                  backgroundColor: 'action.selected',
                  fontWeight: 700,
                  boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.primary.main}`,
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                <Icon />
              </ListItemIcon>
              <ListItemText
                primary={t(`nav.${key}` as 'nav.home')}
                slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }}
              />
            </NavLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}
