import type { Language, ProfileFieldInfo } from '@attune/contract';
import type { fetchMe } from '../../../lib/profile-api';

/** The signed-in member as fetch-user gives it (every field with its visibility). */
export type OwnProfile = Awaited<ReturnType<typeof fetchMe>>;

/** What every settings section gets from the page. */
export interface SectionProps {
  me: OwnProfile;
  /** Field types, default visibility and translated options (`profile-fields`). */
  fields: ProfileFieldInfo[];
  language: Language;
}
