import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffAbilities, type Language } from '@attune/contract';
import { useHeaderCounts } from '../../hooks/use-header-counts';
import { useTitleCount } from '../../hooks/use-title-count';
import { chosenDisplayName, profileAddress } from '../../lib/display-name';
import { viewerQueryOptions } from '../../lib/viewer';
import { ChatIcon, CloseIcon, MenuIcon, NotificationsIcon } from '../ui/icons';
import { LanguageSwitcher } from '../ui/language-switcher';
import { EntryPointButton } from './entry-point-button';
import { LayoutFrame } from './layout-frame';
import { MainNav } from './main-nav';
import { UserMenu } from './user-menu';
import { Wordmark } from './wordmark';

export interface LoggedLayoutProps {
  language: Language;
  children: ReactNode;
}

const NAV_WIDTH = '16rem';

/**
 * The signed-in frame: header (wordmark, language, notifications, chat, user menu), the main
 * navigation (a side column on wide screens, a drawer from 360 px up), main and footer. The
 * notifications and chat links carry their unread counts (live over the socket, else read every
 * minute while the page is visible), in their names as words and on their badges; the tab's title
 * shows the sum ("(3) …").
 */
export function LoggedLayout({ language, children }: LoggedLayoutProps) {
  const { t } = useTranslation('layout');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { data: viewer } = useQuery(viewerQueryOptions());
  const { notifications: notificationCount, chat: chatCount } = useHeaderCounts();
  useTitleCount(
    notificationCount === undefined && chatCount === undefined
      ? undefined
      : (notificationCount ?? 0) + (chatCount ?? 0),
  );
  const displayName = chosenDisplayName(viewer);
  const closeDrawer = () => setDrawerOpen(false);

  const header = (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: { xs: 0.25, sm: 1 },
        width: '100%',
        pl: { xs: 0.5, sm: 2 },
        py: 0.5,
      }}
    >
      <IconButton
        aria-label={t('nav.open')}
        title={t('nav.open')}
        aria-expanded={drawerOpen}
        onClick={() => setDrawerOpen(true)}
        sx={{ display: { md: 'none' }, color: 'text.primary' }}
      >
        <MenuIcon />
      </IconButton>
      <Wordmark language={language} />
      <Box sx={{ flex: 1 }} />
      <Box sx={{ display: { xs: 'none', md: 'block' }, mr: 1 }}>
        <LanguageSwitcher current={language} />
      </Box>
      <EntryPointButton
        language={language}
        to="/$lang/notifications"
        icon={<NotificationsIcon />}
        count={notificationCount}
        label={
          notificationCount
            ? t('header.notificationsCount', { count: notificationCount })
            : t('header.notifications')
        }
      />
      <EntryPointButton
        language={language}
        to="/$lang/chat"
        icon={<ChatIcon />}
        count={chatCount}
        label={chatCount ? t('header.chatCount', { count: chatCount }) : t('header.chat')}
      />
      <UserMenu
        language={language}
        displayName={displayName}
        profileAddress={profileAddress(viewer)}
        staffArea={staffAbilities(viewer?.roles).view_workspace}
      />
    </Box>
  );

  const aside = (
    <Box
      sx={{
        display: { xs: 'none', md: 'block' },
        width: NAV_WIDTH,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        backgroundColor: 'background.paper',
      }}
    >
      <MainNav language={language} />
    </Box>
  );

  return (
    <LayoutFrame language={language} header={header} aside={aside}>
      <Box sx={{ px: { xs: 2, sm: 4 }, maxWidth: '60rem', mx: 'auto' }}>{children}</Box>
      <Drawer
        open={drawerOpen}
        onClose={closeDrawer}
        slotProps={{ paper: { sx: { width: 'min(20rem, 88vw)' }, 'aria-label': t('nav.drawer') } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 1 }}>
          <Typography component="p" sx={{ fontWeight: 700, pl: 1 }}>
            {t('app.name', { ns: 'common' })}
          </Typography>
          <IconButton aria-label={t('nav.close')} title={t('nav.close')} onClick={closeDrawer}>
            <CloseIcon />
          </IconButton>
        </Box>
        <MainNav language={language} onNavigate={closeDrawer} />
        {/* Choosing a language is a navigation too: the drawer closes, and the focus goes back to
            the button that opened it (the drawer returns it), as after choosing a page. */}
        <Box
          sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a[href]')) closeDrawer();
          }}
        >
          <LanguageSwitcher current={language} />
        </Box>
      </Drawer>
    </LayoutFrame>
  );
}
