import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { GroupOutput, Language, PostKind } from '@attune/contract';
import { TextLink } from '../../../components/ui/button-link';
import { PageHeading } from '../../../components/ui/page-heading';
import { formatLongDate } from '../../../lib/dates';
import { groupQueryOptions } from '../../../lib/api/groups';
import { groupDescription } from '../lib/group-description';
import { GROUP_TABS, type GroupTab } from '../lib/group-tabs';
import { GroupNotFound } from './group-not-found';
import { GroupSettingsForm } from './group-settings-form';
import { GroupStanding } from './group-standing';
import { GroupStatusLabel } from '../../../components/groups/group-status';
import { MembershipAction } from './membership-action';
import { PendingRequests } from './pending-requests';

export interface GroupScreenProps {
  language: Language;
  /** The group's address: its slug (or its id). */
  groupRef: string;
  /** The signed-in member: their id (joining, leaving) and capabilities (settings). */
  viewer: { databaseId: number; capabilities: readonly string[] };
  /** The section shown; the first one when absent or not offered to the viewer. */
  tab: GroupTab | undefined;
  onTabChange: (tab: GroupTab) => void;
  /**
   * The group's posts or questions with a composer, from the posts feature (the route composes
   * the two features, which never import each other).
   */
  renderPosts: (group: GroupOutput, kind: PostKind) => ReactNode;
}

/**
 * `/{lang}/groups/{group}`: cover, name, status, member count and the viewer's one membership
 * action; then Posts, Questions, About and, for its admins and staff, Manage group. Who may not
 * read a private group sees what it is about and how to join instead.
 */
export function GroupScreen({
  language,
  groupRef,
  viewer,
  tab,
  onTabChange,
  renderPosts,
}: GroupScreenProps) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const { data: group } = useSuspenseQuery(groupQueryOptions(groupRef));
  if (!group) return <GroupNotFound language={language} />;

  const manages = group.may.update || group.may.manageRequests;
  const summary = groupDescription(group, language);
  const tabs = GROUP_TABS.filter((one) => one !== 'manage' || manages);
  const current = tab && tabs.includes(tab) ? tab : 'posts';
  const tabLabel = (one: GroupTab) =>
    one === 'manage' && group.pendingCount
      ? t('group.tabs.manageWithRequests', { count: group.pendingCount })
      : t(`group.tabs.${one}`);

  return (
    <>
      {group.coverImageUrl ? (
        // Decorative: the name and description say what the group is.
        <Box
          component="img"
          src={group.coverImageUrl}
          alt=""
          sx={{
            display: 'block',
            width: '100%',
            height: { xs: 140, sm: 220 },
            objectFit: 'cover',
            borderRadius: 2,
            mb: 3,
          }}
        />
      ) : null}
      <PageHeading>{group.name}</PageHeading>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 2.5,
          rowGap: 1,
          mb: 2,
        }}
      >
        <GroupStatusLabel status={group.status} />
        <Typography component="span">{t('card.members', { count: group.memberCount })}</Typography>
        {group.may.read ? (
          <TextLink
            to="/$lang/groups/$group/members"
            params={{ lang: language, group: group.slug }}
          >
            {t('group.membersLink')}
          </TextLink>
        ) : null}
        <GroupStanding standing={group.standing} />
      </Box>
      {group.may.read && summary ? (
        // What the group is about, its first paragraph above its posts; the About tab has it all.
        <Typography lang={summary.lang} sx={{ mb: 2, maxWidth: '70ch' }}>
          {summary.text.split(/\n{2,}/)[0]}
        </Typography>
      ) : null}
      <Box sx={{ mb: 4 }}>
        <MembershipAction
          group={group}
          viewerId={viewer.databaseId}
          onGone={() => void navigate({ to: '/$lang/groups', params: { lang: language } })}
        />
      </Box>
      {group.may.read ? (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs
              value={current}
              onChange={(_, value: GroupTab) => onTabChange(value)}
              aria-label={t('group.tabs.label')}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
            >
              {tabs.map((one) => (
                <Tab
                  key={one}
                  value={one}
                  label={tabLabel(one)}
                  id={`group-tab-${one}`}
                  aria-controls={`group-panel-${one}`}
                  sx={{ minHeight: 48, textTransform: 'none', fontSize: '1rem' }}
                />
              ))}
            </Tabs>
          </Box>
          <Box
            role="tabpanel"
            id={`group-panel-${current}`}
            aria-labelledby={`group-tab-${current}`}
            sx={{ pt: 3 }}
          >
            {current === 'posts' && renderPosts(group, 'post')}
            {current === 'questions' && renderPosts(group, 'question')}
            {current === 'about' && <AboutGroup group={group} language={language} />}
            {current === 'manage' && (
              <>
                {group.may.manageRequests && <PendingRequests group={group} language={language} />}
                {group.may.update && (
                  <GroupSettingsForm
                    key={group.id}
                    group={group}
                    capabilities={viewer.capabilities}
                  />
                )}
              </>
            )}
          </Box>
        </>
      ) : (
        <>
          <AboutGroup group={group} language={language} />
          <Typography
            role="note"
            sx={{ mt: 3, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {group.standing === 'pending'
              ? t('group.privatePending')
              : group.may.request
                ? t('group.private')
                : t('group.privateMembersOnly')}
          </Typography>
        </>
      )}
    </>
  );
}

/** What the group is about, in the reader's language when it has one, and since when it exists. */
function AboutGroup({ group, language }: { group: GroupOutput; language: Language }) {
  const { t } = useTranslation('groups');
  const description = groupDescription(group, language);
  return (
    <Box component="section" aria-labelledby="group-about-heading">
      <Typography id="group-about-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
        {t('group.about.heading')}
      </Typography>
      {description ? (
        <Typography lang={description.lang} sx={{ whiteSpace: 'pre-line', mb: 2 }}>
          {description.text}
        </Typography>
      ) : (
        <Typography sx={{ mb: 2 }}>{t('group.about.empty')}</Typography>
      )}
      <Typography sx={{ color: 'text.secondary' }}>
        {t('group.about.started', { date: formatLongDate(group.createdAt, language) })}
      </Typography>
    </Box>
  );
}
