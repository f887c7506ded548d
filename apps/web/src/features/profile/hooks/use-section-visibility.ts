import { useCallback, useState } from 'react';
import type { ProfileFieldInfo, Visibility } from '@attune/contract';
import type { ExtendedField } from '../../../lib/api/profile';
import type { FieldName } from '../lib/field-names';
import type { VisibilityMap } from '../lib/payload';
import { fieldVisibility } from '../lib/visibility';

/** The default visibility of a field as the server states it; 'connections' as a careful fallback. */
export function defaultVisibility(fields: readonly ProfileFieldInfo[], name: string): Visibility {
  return (
    fields.find((field) => field.name.toLowerCase() === name.toLowerCase())?.defaultVisibility ??
    'connections'
  );
}

/** The visibility levels of a section's fields, starting from what fetch-user says. */
export function useSectionVisibility(
  names: readonly FieldName[],
  current: readonly ExtendedField[],
  fields: readonly ProfileFieldInfo[],
): [Record<FieldName, Visibility> & VisibilityMap, (name: FieldName, level: Visibility) => void] {
  const [levels, setLevels] = useState(
    () =>
      Object.fromEntries(
        names.map((name) => [
          name,
          fieldVisibility(current, name, defaultVisibility(fields, name)),
        ]),
      ) as Record<FieldName, Visibility>,
  );
  const setLevel = useCallback(
    (name: FieldName, level: Visibility) => setLevels((old) => ({ ...old, [name]: level })),
    [],
  );
  return [levels, setLevel];
}
