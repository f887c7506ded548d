import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';
import { meQueryOptions, profileFieldsQueryOptions } from '../../../lib/api/profile';
import { ConnectionRequestsSection } from './connection-requests-section';
import { MessagesFromSection } from './messages-from-section';
import { NotificationsSection } from './notifications-section';
import { VisibilityDefaultsSection } from './visibility-defaults-section';

/**
 * `/{lang}/community/settings`: how the member takes part in the community, on one calm page:
 * who may message them, who may send them connection requests, the weekly e-mail summary, and who
 * can see their profile details (all at once). The same sections as on the profile settings page,
 * which has every other setting. The route loader has fetched the profile.
 */
export function CommunitySettingsScreen({ language }: { language: Language }) {
  const { t } = useTranslation('profile');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { data: fields } = useSuspenseQuery(profileFieldsQueryOptions(language));
  return (
    <>
      <PageHeading>{t('community.title')}</PageHeading>
      <Typography sx={{ mb: 1 }}>{t('community.intro')}</Typography>
      <Typography sx={{ mb: 4 }}>
        <TextLink to="/$lang/profile/settings" params={{ lang: language }}>
          {t('community.profileSettings')}
        </TextLink>
      </Typography>
      <MessagesFromSection />
      <ConnectionRequestsSection />
      <NotificationsSection
        id="community-digest"
        only={['weekly_digest']}
        title={t('community.digest.title')}
        intro={t('community.digest.intro')}
      />
      <VisibilityDefaultsSection key={`visibility-${me.id}`} me={me} fields={fields} />
    </>
  );
}
