/**
 * Query keys of the signed-in member (the profile state, cleared on logout). Kept apart from
 * `viewer.ts` so the login page can name them without loading the viewer query (decision 0018).
 */
export const authKeys = {
  all: ['auth'] as const,
  viewer: () => [...authKeys.all, 'viewer'] as const,
};
