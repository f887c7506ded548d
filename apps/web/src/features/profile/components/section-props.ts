import type { Language, ProfileFieldInfo } from '@attune/contract';
import type { fetchMe } from '../../../lib/api/profile';

/**
 * The signed-in member as fetch-user gives it (every field with its visibility), with the health
 * data consent fetch-user adds (null until the member agrees).
 */
export type OwnProfile = Awaited<ReturnType<typeof fetchMe>> & {
  healthConsent?: { givenAt: string; version: string | null } | null;
};

/** What every settings section gets from the page. */
export interface SectionProps {
  me: OwnProfile;
  /** Field types, default visibility and translated options (`profile-fields`). */
  fields: ProfileFieldInfo[];
  language: Language;
}
