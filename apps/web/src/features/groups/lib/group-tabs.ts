/**
 * The sections of a group's page, in the address (`?tab=questions`). Apart from the page itself:
 * the route's search validation runs with the first screen, which must not pull in the page's
 * code (the login page loads no other page's code, decision 0018).
 */
export const GROUP_TABS = ['posts', 'questions', 'about', 'manage'] as const;
export type GroupTab = (typeof GROUP_TABS)[number];
