import Avatar from '@mui/material/Avatar';
import { formatLongDate } from '../../../lib/dates';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Language } from '@attune/contract';
import { ConnectButton } from '../../../components/connections/connect-button';
import { MessageLink } from '../../../components/connections/message-link';
import { MemberSafetyActions } from '../../../components/connections/member-safety-actions';
import { ButtonLink } from '../../../components/ui/button-link';
import { UserNotFoundContent } from '../../../components/ui/user-fetch-error';
import { PageHeading } from '../../../components/ui/page-heading';
import {
  areasQueryOptions,
  countriesQueryOptions,
  fieldValue,
  profileFieldsQueryOptions,
  profileQueryOptions,
  speakingLanguagesQueryOptions,
} from '../../../lib/api/profile';
import { mayEditProfileOf } from '../../../lib/capabilities';
import { viewerQueryOptions } from '../../../lib/viewer';
import { connectionState } from '../../../lib/connection-state';
import { fieldKey } from '../lib/field-names';
import { optionLabel } from '../../../lib/option-labels';
import { profileGroups, type ShownField } from '../lib/profile-details';
import { DetailGroup, type Detail } from './detail-list';
import { ProfileGroups } from './profile-groups';
import { RoleBadge } from '../../../components/ui/role-badge';
import { VisibilityBadge } from './visibility-badge';

export interface ProfileScreenProps {
  language: Language;
  /** The profile address: display name, or username while the member has none. */
  nickname: string;
}

/**
 * `/{lang}/profile/{nickname}`: a member as the viewer may see them. Only what the server returned
 * is shown (it filters by each field's visibility); on one's own profile every detail carries who
 * may see it. Its groups (and on another's profile the ones the viewer shares) come with it.
 */
export function ProfileScreen({ language, nickname }: ProfileScreenProps) {
  const { t } = useTranslation('profile');
  const { data: profile } = useSuspenseQuery(profileQueryOptions(nickname));
  const { data: fields } = useSuspenseQuery(profileFieldsQueryOptions(language));
  const countries = useQuery(countriesQueryOptions(language));
  const languages = useQuery(speakingLanguagesQueryOptions(language));
  const areas = useQuery(areasQueryOptions(language));
  const { data: viewer } = useQuery(viewerQueryOptions());
  // The loader turns a missing member into the 404 page. Read again while shown, a member can be
  // gone too: a block (either way) hides them, and the server answers as if there were none.
  if (!profile) return <UserNotFoundContent language={language} />;
  const isOwn = viewer?.databaseId === profile.databaseId;
  // The link edits one's own profile (settings), so it shows on one's own profile only, and only
  // when the server would take the change.
  const canEdit = isOwn && mayEditProfileOf(viewer, profile.databaseId);
  const name = profile.nickname || profile.username;
  const headline = fieldValue(profile.extendedProfile, 'headline');
  const headlineVisibility =
    profile.extendedProfile.find((field) => field.name.toLowerCase() === 'headline')?.visibility ??
    null;

  const groups = profileGroups(profile.extendedProfile, {
    fields,
    countries: countries.data ?? [],
    languages: languages.data ?? [],
    yes: t('choice.yes'),
    no: t('choice.no'),
    separator: t('profile.listSeparator'),
  });
  const toDetails = (shown: ShownField[]): Detail[] =>
    shown.map((field) => ({
      key: field.name,
      label: t(`profile.labels.${fieldKey(field.name)}` as 'profile.labels.stage'),
      value: field.flag ? (
        <>
          <Box
            component="img"
            src={field.flag}
            alt=""
            sx={{ width: 24, height: 18, mr: 1, verticalAlign: 'middle', objectFit: 'cover' }}
          />
          {field.text}
        </>
      ) : (
        field.text
      ),
      ...(isOwn ? { visibility: field.visibility } : {}),
    }));

  const memberSince = profile.registeredDate
    ? formatLongDate(profile.registeredDate, language)
    : null;
  const about: Detail[] = [
    ...(profile.description
      ? [{ key: 'about', label: t('profile.about'), value: profile.description }]
      : []),
    ...toDetails(groups.about),
  ];
  const areaLabel = profile.area ? optionLabel(areas.data ?? [], profile.area) : null;
  const place: Detail[] = [
    ...toDetails(groups.place),
    ...(areaLabel ? [{ key: 'area', label: t('profile.area'), value: areaLabel }] : []),
  ];
  const membership: Detail[] = [
    ...(memberSince ? [{ key: 'since', label: t('profile.memberSince'), value: memberSince }] : []),
    ...(isOwn
      ? []
      : [
          {
            key: 'connection',
            label: t('profile.connection'),
            value: t(`profile.connectionState.${connectionState(profile.isFriend)}`, { name }),
          },
        ]),
  ];

  return (
    <>
      <Box
        component="header"
        sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap', mb: 3 }}
      >
        <Avatar
          src={profile.avatar.url ?? undefined}
          alt={t('profile.avatarAlt', { name })}
          sx={{ width: 112, height: 112, fontSize: '2.5rem' }}
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <PageHeading>{name}</PageHeading>
          <RoleBadge roles={profile.roles} />
          {headline ? (
            <Typography sx={{ mt: 1.5, fontSize: '1.125rem' }}>
              {headline}
              {isOwn ? <VisibilityBadge visibility={headlineVisibility} /> : null}
            </Typography>
          ) : null}
        </Box>
      </Box>
      {isOwn ? null : (
        <Box sx={{ mb: 4, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <ConnectButton memberId={profile.databaseId} name={name} isFriend={profile.isFriend} />
          {connectionState(profile.isFriend) === 'connected' ? (
            <MessageLink memberId={profile.databaseId} name={name} />
          ) : null}
          <MemberSafetyActions memberId={profile.databaseId} name={name} language={language} />
        </Box>
      )}
      {isOwn ? (
        <Box sx={{ mb: 4, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }} role="note">
          <Typography sx={{ mb: 1.5 }}>{t('profile.ownNote')}</Typography>
          {canEdit ? (
            <ButtonLink to="/$lang/profile/settings" params={{ lang: language }} variant="outlined">
              {t('profile.editLink')}
            </ButtonLink>
          ) : null}
        </Box>
      ) : null}
      <DetailGroup id="profile-about" title={t('profile.groups.about')} details={about} />
      <DetailGroup
        id="profile-journey"
        title={t('profile.groups.journey')}
        details={toDetails(groups.journey)}
      />
      <DetailGroup
        id="profile-devices"
        title={t('profile.groups.devices')}
        details={toDetails(groups.devices)}
      />
      <DetailGroup id="profile-place" title={t('profile.groups.place')} details={place} />
      <DetailGroup
        id="profile-languages"
        title={t('profile.groups.languages')}
        details={toDetails(groups.languages)}
      />
      <DetailGroup
        id="profile-welcome"
        title={t('profile.groups.welcome')}
        details={toDetails(groups.welcome)}
      />
      <ProfileGroups
        groups={profile.groups}
        similarGroups={profile.similarGroups}
        isOwn={isOwn}
        language={language}
      />
      <DetailGroup
        id="profile-membership"
        title={t('profile.groups.membership')}
        details={membership}
      />
    </>
  );
}
