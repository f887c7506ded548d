import type { ProfileFieldInfo, ProfileUpdateInput } from '@attune/contract';
import { fieldKey, type FieldName } from './field-names';

/**
 * Whether a save would store a health value (decision 0011): a non-empty value for a field the
 * server marks as health data. The field list comes from the server (`isHealth`), so the browser
 * asks for consent about exactly the fields the server would refuse without it.
 */
export function addsHealthData(
  payload: ProfileUpdateInput,
  fields: readonly ProfileFieldInfo[],
): boolean {
  return fields
    .filter((field) => field.isHealth)
    .some((field) => {
      const value =
        payload[fieldKey(field.name.toLowerCase() as FieldName) as keyof ProfileUpdateInput];
      // A yes/no answer is a value either way; a text or choice only when it is not blank.
      return typeof value === 'boolean' || (typeof value === 'string' && value.trim() !== '');
    });
}
