import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { mayStaff, staffActorOf, type Language, type StaffAbilities } from '@attune/contract';
import { PageHeading } from '../../../components/ui/page-heading';
import { InviteSection } from './invite-section';
import { MemberListSection } from './member-list-section';
import { RegisteredCheckSection } from './registered-check-section';

export interface StaffMembersScreenProps {
  language: Language;
  abilities: StaffAbilities;
  /** The viewer's roles and id: role buttons, invitable roles, never a button on oneself. */
  roles: readonly string[];
  viewerId: number;
}

/**
 * `/{lang}/medel/members`: the area's members (area managers and super_admin), "Is this e-mail
 * registered?" and the invitation form (every staff member), each a labelled region.
 */
export function StaffMembersScreen({
  language,
  abilities,
  roles,
  viewerId,
}: StaffMembersScreenProps) {
  const { t } = useTranslation('staff');
  return (
    <>
      <PageHeading>{t('members.title')}</PageHeading>
      <Typography sx={{ mb: 4 }}>{t('members.intro')}</Typography>
      {abilities.list_area_members ? (
        <MemberListSection
          language={language}
          roles={roles}
          viewerId={viewerId}
          mayExport={abilities.export_members}
          // An area that is not one's own: only super_admin lists it.
          mayChooseArea={mayStaff('list_area_members', staffActorOf(roles, false))}
        />
      ) : null}
      {abilities.check_registered ? <RegisteredCheckSection /> : null}
      {abilities.invite_member ? <InviteSection language={language} roles={roles} /> : null}
    </>
  );
}
