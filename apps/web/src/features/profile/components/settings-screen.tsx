import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';
import { mayEditProfileOf } from '../../../lib/capabilities';
import { profileAddress } from '../../../lib/display-name';
import { meQueryOptions, profileFieldsQueryOptions } from '../../../lib/api/profile';
import { AboutSection } from './about-section';
import { AccountSection } from './account-section';
import { AvatarSection } from './avatar-section';
import { BlockedMembersSection } from './blocked-members-section';
import { ConnectionRequestsSection } from './connection-requests-section';
import { DataSection } from './data-section';
import { DeleteAccountSection } from './delete-account-section';
import { HearingSection } from './hearing-section';
import { InterestsSection } from './interests-section';
import { LanguageSection } from './language-section';
import { MessagesFromSection } from './messages-from-section';
import { MessagesSection } from './messages-section';
import { NotificationsSection } from './notifications-section';
import { PlaceSection } from './place-section';

/** Section ids and their title keys, for the "On this page" list. */
const SECTIONS = [
  ['settings-avatar', 'avatar.title'],
  ['settings-about', 'about.title'],
  ['settings-hearing', 'hearing.title'],
  ['settings-place', 'place.title'],
  ['settings-interests', 'interests.title'],
  ['settings-messages', 'messages.title'],
  ['settings-account', 'account.title'],
  ['settings-language', 'language.title'],
  ['settings-notifications', 'notifications.title'],
  ['settings-requests', 'connectionRequests.title'],
  ['settings-messages-from', 'messagesFrom.title'],
  ['settings-blocked', 'blockedMembers.title'],
  ['settings-data', 'data.title'],
  ['settings-delete', 'delete.title'],
] as const;

export interface SettingsScreenProps {
  language: Language;
}

/**
 * `/{lang}/profile/settings`: every part of the profile in its own section with its own Save
 * button, each extended field with who may see it. The route loader has fetched the data.
 */
export function SettingsScreen({ language }: SettingsScreenProps) {
  const { t } = useTranslation('profile');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { data: fields } = useSuspenseQuery(profileFieldsQueryOptions(language));
  const props = { me, fields, language };

  return (
    <>
      <PageHeading>{t('settings.title')}</PageHeading>
      <Typography sx={{ mb: 1 }}>{t('settings.intro')}</Typography>
      <Typography sx={{ mb: 3 }}>
        <TextLink
          to="/$lang/profile/$nickname"
          params={{ lang: language, nickname: profileAddress(me) }}
        >
          {t('settings.viewProfile')}
        </TextLink>
      </Typography>
      <Typography sx={{ mb: 3, mt: -2 }}>
        <TextLink to="/$lang/community/settings" params={{ lang: language }}>
          {t('settings.communityLink')}
        </TextLink>
      </Typography>
      <Box component="nav" aria-labelledby="settings-contents" sx={{ mb: 4 }}>
        <Typography variant="h2" id="settings-contents" sx={{ fontSize: '1.125rem', mb: 1 }}>
          {t('settings.contents')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, columns: { xs: 1, sm: 2 }, '& li': { mb: 0.5 } }}>
          {SECTIONS.map(([id, key]) => (
            <li key={id}>
              <MuiLink href={`#${id}`}>{t(key)}</MuiLink>
            </li>
          ))}
        </Box>
      </Box>
      {/* Offered only where the server's users policy takes the upload. */}
      {mayEditProfileOf(me, me.databaseId) ? <AvatarSection me={me} /> : null}
      {/* Keyed by the member so a fresh fetch after a save does not reset what is being typed. */}
      <AboutSection key={`about-${me.id}`} {...props} />
      <HearingSection key={`hearing-${me.id}`} {...props} />
      <PlaceSection key={`place-${me.id}`} {...props} />
      <InterestsSection key={`interests-${me.id}`} {...props} />
      <MessagesSection key={`messages-${me.id}`} {...props} />
      <AccountSection me={me} />
      <LanguageSection language={language} />
      <NotificationsSection />
      <ConnectionRequestsSection />
      <MessagesFromSection />
      <BlockedMembersSection language={language} />
      <DataSection />
      <DeleteAccountSection language={language} />
    </>
  );
}
