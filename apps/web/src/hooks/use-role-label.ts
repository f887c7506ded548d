import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Role } from '@attune/contract';
import { getManufacturerName, isDefaultManufacturerName } from '../lib/config';
import { isLanguage } from '../lib/language';

/**
 * The label of a role (spec §6) in the member's language, as the role badge and the member
 * search's role filter both show it. The neutral words ("der Hersteller") get labels of their
 * own: "Team {{manufacturer}}" reads well with a brand name, "Team des Herstellers" without one.
 */
export function useRoleLabel(): (role: Role) => string {
  const { t, i18n } = useTranslation('profile');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (role) =>
    t(`roles.${role}`, {
      manufacturer: getManufacturerName(language),
      context: isDefaultManufacturerName(language) ? 'default' : undefined,
    });
}
