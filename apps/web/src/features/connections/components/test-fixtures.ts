import type { ProfileFieldInfo } from '@attune/contract';
import { jsonResponse } from '../../../test/config';

/** A JWT-shaped token that stays valid for an hour, so no refresh is attempted. */
export function validToken(): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `e30.${payload.replace(/=+$/, '')}.sig`;
}

export { memberEntry as entry } from '../../../test/member-fixtures';

const fields: ProfileFieldInfo[] = [
  {
    databaseId: 20,
    name: 'Interests',
    type: 'multiselect',
    defaultVisibility: 'members',
    isHealth: false,
    options: [
      { value: 'music', label: 'Music' },
      { value: 'family', label: 'Family' },
    ],
  },
  ...(
    [
      [21, 'Device type', 'cochlear-implant', 'Cochlear implant'],
      [22, 'Hearing aid type', 'behind-the-ear', 'Behind the ear'],
      [23, 'Stage', 'experienced', 'Experienced'],
    ] as const
  ).map(([databaseId, name, value, label]) => ({
    databaseId,
    name,
    type: 'selectbox',
    defaultVisibility: 'members' as const,
    isHealth: databaseId !== 23,
    options: [{ value, label }],
  })),
];

/**
 * Answers the reference calls the search form makes (fields, countries, regions, languages) and
 * hands every other path to `other`.
 */
export function referenceFetch(other: (url: URL) => Response | Promise<Response>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/api/profile-fields':
        return jsonResponse(fields);
      case '/api/countries':
        return jsonResponse([
          { code: 'DE', name: 'Germany', emoji: '', flag: '', slug: 'germany' },
          { code: 'AT', name: 'Austria', emoji: '', flag: '', slug: 'austria' },
        ]);
      case '/api/regions':
        return jsonResponse(
          url.searchParams.get('country') === 'DE'
            ? [
                { code: 'BY', name: 'Bayern' },
                { code: 'NW', name: 'Nordrhein-Westfalen' },
              ]
            : [{ code: '7', name: 'Tirol' }],
        );
      case '/api/speaking-languages':
        return jsonResponse([
          { code: 'de', name: 'German' },
          { code: 'es', name: 'Spanish' },
        ]);
      default:
        return other(url);
    }
  };
}
