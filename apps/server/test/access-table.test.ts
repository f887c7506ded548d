import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRule } from '../src/lib/access-rules';
import { revokeAllSessions, setMemberRoles } from '../src/modules/auth/service';
import { ROOT_FIELD_ACCESS } from '../src/graphql/plugin';
import { bearer, createTestApp, graphql, signedInMember, type TestApp } from './app';

/**
 * Every route and GraphQL root field with its access rule (decision 0028), in local mode with the
 * API docs on, where the most routes exist. Adding a route or field, or changing a rule, fails this
 * test until the table here says so: a rule change is a reviewed change. HEAD routes mirror their
 * GET and are checked to carry the same rule.
 */
const ROUTES: Record<string, string> = {
  'GET /api/docs/': 'public',
  'HEAD /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /metrics': 'metrics',
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  // The socket signs its member in itself: the session cookie, or the token in the first frame.
  'GET /ws': 'public',
  // Support (step 9): anyone may ask for help, signed in or not.
  'GET /api/support/form-ids': 'public',
  'POST /api/support/contact': 'public',
  // Content editing (step 9): the FAQ is public; the staff table decides the rest in the service
  // (edit_content for pages and the FAQ, edit_translations for texts).
  'GET /api/faq': 'public',
  'PUT /api/faq/:language': 'member',
  'GET /api/pages': 'member',
  'POST /api/pages/preview': 'member',
  'GET /api/pages/:slug/:language': 'member',
  'PUT /api/pages/:slug/:language': 'member',
  'GET /api/translation/internal': 'member',
  'PUT /api/translation/internal': 'member',
  'DELETE /api/translation/internal': 'member',
  // The staff area (step 9): signed-in members at the gate; the service decides by the contract's
  // STAFF_PERMISSIONS table (staff-role-matrix.test.ts checks each door against it).
  'GET /api/staff/overview': 'member',
  'GET /api/area-manager-users': 'member',
  'GET /api/staff/list-users': 'member',
  'GET /api/isregistered': 'member',
  'POST /api/invite-user': 'member',
  'GET /api/invitations/:token': 'public',
  'PUT /api/staff/members/:id/roles': 'member',
  'PUT /api/staff/members/:id/suspension': 'member',
  'GET /api/staff/reports': 'member',
  'GET /api/staff/reports/:id': 'member',
  'POST /api/staff/reports/:id/action': 'member',
  'POST /api/posts/:id/report': 'member',
  'GET /api/staff/audit': 'member',
  'GET /api/staff/support-requests': 'member',
  'POST /api/staff/support-requests/:id/handled': 'member',
  'GET /api/staff/groups': 'member',
  // Chat and live counts (step 8).
  'POST /api/social/messages': 'member',
  'GET /api/social/messages': 'member',
  'GET /api/messages': 'member',
  'GET /api/messages/settings': 'member',
  'PATCH /api/messages/settings': 'member',
  'GET /api/messages/:threadId': 'member',
  'POST /api/messages/:threadId/read': 'member',
  'DELETE /api/messages/:threadId': 'member',
  'GET /api/live/counts': 'member',
  'POST /api/notification/notifications': 'member',
  'POST /api/notification/cache/clean': 'member',
  'GET /config.json': 'public',
  'POST /api/send2facode': 'public',
  'POST /api/validate2facode': 'public',
  'POST /api/registeruser': 'token:register',
  'POST /api/recoverpassword': 'token:recover',
  'POST /api/resetpassword': 'token:recover',
  'POST /api/authwp': 'member',
  'POST /api/logout': 'public',
  'PATCH /api/users/preferred-language': 'member',
  'GET /api/users/nickname/:nickname': 'member',
  'GET /api/user': 'member',
  'GET /api/countries': 'public',
  'GET /api/regions': 'public',
  'GET /api/speaking-languages': 'public',
  'GET /api/areas': 'public',
  'GET /api/interests': 'public',
  'GET /api/profile-fields': 'public',
  'GET /api/fetch-user': 'member',
  'PUT /api/update-profile': 'capability:edit_own_profile',
  'POST /api/confirm-email': 'member',
  'GET /api/users/check/nickname/:nickname': 'public',
  'GET /api/me/export': 'member',
  'DELETE /api/delete-user': 'member',
  'GET /api/notifications/preferences': 'member',
  'PATCH /api/notifications/preferences': 'member',
  'GET /api/notifications': 'member',
  'GET /api/notification/notifications': 'member',
  'GET /api/notifications/count': 'member',
  'POST /api/notifications/read': 'member',
  'POST /api/social/members/:id/avatar': 'member',
  'POST /api/social/friends': 'member',
  'DELETE /api/social/friends/:id': 'member',
  'POST /api/connection/accept-friend': 'member',
  'POST /api/connection/reject-friend': 'member',
  'POST /api/connection/cancel-friend': 'member',
  'GET /api/connection/my-friends': 'member',
  'POST /api/connection/block': 'member',
  'POST /api/connection/unblock': 'member',
  'GET /api/connection/blocks': 'member',
  'POST /api/connection/report': 'member',
  'GET /api/connection/settings': 'member',
  'PATCH /api/connection/settings': 'member',
  'GET /api/connection/list-users': 'member',
  'GET /api/social/members': 'member',
  'GET /api/connection/suggestions': 'member',
  'POST /api/posts': 'capability:write_posts',
  'POST /api/posts/question': 'capability:write_posts',
  'GET /api/posts/feed': 'member',
  'GET /api/posts/mine': 'member',
  'GET /api/posts/slug/:slug': 'member',
  'GET /api/posts/saved': 'member',
  'POST /api/posts/saved': 'member',
  'DELETE /api/posts/saved/:postId': 'member',
  'PUT /api/posts/:id/helpful': 'member',
  'PUT /api/posts/:id/accepted-answer': 'member',
  'POST /api/comments': 'capability:comment',
  'GET /api/comments': 'member',
  'GET /api/comments/mention': 'member',
  'PATCH /api/comments/:id': 'member',
  'DELETE /api/comments/:id': 'member',
  'PUT /api/comments/:id/hidden': 'member',
  'PUT /api/comments/:id/helpful': 'member',
  'GET /api/posts/:id': 'member',
  'PATCH /api/posts/:id': 'member',
  'DELETE /api/posts/:id': 'member',
  'PUT /api/posts/:id/hidden': 'member',
  'GET /graphql': 'public',
  'POST /graphql': 'public',
  'GET /dev/mail.json': 'loopback',
  'GET /dev/mail': 'loopback',
  'GET /media/flags/*': 'public',
  'GET /media/avatars/*': 'public',
  'GET /media/posts/*': 'public',
  'POST /api/media': 'capability:write_posts',
  'POST /api/social/groups': 'member',
  'GET /api/social/groups/:id': 'member',
  'POST /api/social/groups/:id/members': 'member',
  'DELETE /api/social/groups/:id/members/:userId': 'member',
  'GET /api/groups': 'member',
  'GET /api/groups/me': 'member',
  'GET /api/group/groups': 'member',
  'GET /api/group/members': 'member',
  'GET /api/group/posts': 'member',
  'GET /api/group/questions': 'member',
  'POST /api/group/update': 'member',
  'POST /api/groups/membership-requests': 'member',
  'DELETE /api/groups/membership-requests/:id': 'member',
  'GET /api/pending-members': 'member',
  'POST /api/group/manage-pending-requests': 'member',
  'POST /api/group/admins': 'member',
  'GET /api/group/:group': 'member',
};

const ROOT_FIELDS: Record<string, string> = {
  'Query._version': 'public',
  'Query.viewer': 'public',
  'Query.user': 'member',
  'Query.languages': 'public',
  'Query.pageBySlug': 'public',
  'Query.translations': 'public',
  'Query.users': 'member',
  'Query.posts': 'member',
  'Query.post': 'member',
  'Mutation._noop': 'public',
  'Mutation.login': 'public',
  'Mutation.refreshJwtAuthToken': 'public',
};

/** The app's routes as `METHOD url` → rule, HEAD folded into its GET (and checked to match). */
function routeTable(t: TestApp): Record<string, string> {
  const rows = t.app
    .accessTable()
    .flatMap(({ method, url, access }) =>
      method.split(',').map((one) => ({ method: one, url, access })),
    );
  const table: Record<string, string> = {};
  for (const { method, url, access } of rows) {
    const get = rows.find((row) => row.method === 'GET' && row.url === url);
    if (method === 'HEAD' && get) {
      expect(access, `HEAD ${url}`).toBe(get.access);
      continue;
    }
    table[`${method} ${url}`] = access;
  }
  return table;
}

describe('access rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: '1' });
  });
  afterAll(() => t.close());

  it('lists every route with its rule; none is undeclared', () => {
    expect(routeTable(t)).toEqual(ROUTES);
  });

  it('lists every GraphQL root field with its rule; none is undeclared', async () => {
    type RootType = { fields: { name: string }[] };
    const schema = await graphql<{ __schema: { queryType: RootType; mutationType: RootType } }>(
      t.app,
      '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }',
    );
    const types = schema.body.data!.__schema;
    const table = Object.fromEntries([
      ...types.queryType.fields.map(({ name }) => [
        `Query.${name}`,
        describeRule(ROOT_FIELD_ACCESS.Query?.[name]),
      ]),
      ...types.mutationType.fields.map(({ name }) => [
        `Mutation.${name}`,
        describeRule(ROOT_FIELD_ACCESS.Mutation?.[name]),
      ]),
    ]);
    expect(table).toEqual(ROOT_FIELDS);
  });

  it('refuses every member route to a visitor and to a revoked session, before any work', async () => {
    const memberRoutes = Object.entries(ROUTES).filter(
      ([, rule]) => rule === 'member' || rule.startsWith('capability:'),
    );
    const member = await signedInMember(t.app);
    await revokeAllSessions(t.app.auth, member.id, 'test');
    for (const [route] of memberRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      const path = url.replace(':nickname', 'someone').replace(':id', String(member.id));
      for (const headers of [{}, bearer(member.token)]) {
        const response = await t.app.inject({ method: method as 'GET', url: path, headers });
        expect(response.statusCode, `${route} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
  });

  it('applies a role change at the next request, through setMemberRoles', async () => {
    const admin = await signedInMember(t.app);
    const other = await signedInMember(t.app);
    const email = () =>
      graphql<{ user: { email: string | null } }>(
        t.app,
        'query($id: ID!) { user(id: $id) { email } }',
        { id: String(other.id) },
        bearer(admin.token),
      );
    expect((await email()).body.data!.user.email).toBeNull();
    await setMemberRoles(t.app.auth, admin.id, ['super_admin']);
    expect((await email()).body.data!.user.email).toBe(other.email);
    await setMemberRoles(t.app.auth, admin.id, ['member']);
    expect((await email()).body.data!.user.email).toBeNull();
  });
});
