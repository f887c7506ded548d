import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_ACTORS,
  STAFF_OPERATIONS,
  STAFF_PERMISSIONS,
  type Role,
  type StaffActor,
  type StaffOperation,
} from '@attune/contract';
import { setMemberRoles } from '../src/modules/auth/service';
import {
  callAs,
  createTestApp,
  signedInMembers,
  uniqueEmail,
  type CallArgs,
  type TestApp,
} from './app';

/**
 * The role matrix (step 9): every staff operation, asked from the outside by each kind of actor the
 * contract's STAFF_PERMISSIONS table names, answers exactly as the table says: allowed → 2xx;
 * refused → 401 for a visitor, 403 for everyone else. The members and reports asked about live in
 * the area 'dach'; the other area's manager looks after 'spain'.
 */

let t: TestApp;
let target: { id: number; email: string };
const tokens = {} as Record<Exclude<StaffActor, 'anonymous'>, string>;

const ROLES_OF: Record<Exclude<StaffActor, 'anonymous'>, { roles: Role[]; area: string }> = {
  member: { roles: ['member'], area: 'dach' },
  mentor: { roles: ['mentor', 'member'], area: 'dach' },
  medel_user: { roles: ['medel_user', 'member'], area: 'dach' },
  area_manager_other_area: { roles: ['area_manager', 'member'], area: 'spain' },
  area_manager_of_area: { roles: ['area_manager', 'member'], area: 'dach' },
  super_admin: { roles: ['super_admin', 'member'], area: 'international' },
};

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A fresh open report about the target (acting on one closes it). */
async function openReport() {
  const [row] = await rows<{ id: number }>(
    sql`insert into member_reports (reported_id, reason) values (${target.id}, 'spam') returning id`,
  );
  return row!.id;
}

/** Each operation as one request; built fresh for every call (an invitation needs a new address). */
type StaffRequest = [method: CallArgs[0], url: string, payload?: object];
const REQUESTS: Record<StaffOperation, () => Promise<StaffRequest>> = {
  view_workspace: async () => ['GET', '/api/staff/overview'],
  list_area_members: async () => ['GET', '/api/area-manager-users?area=dach'],
  check_registered: async () => [
    'GET',
    `/api/isregistered?email=${encodeURIComponent(target.email)}`,
  ],
  invite_member: async () => ['POST', '/api/invite-user', { email: uniqueEmail('invited') }],
  invite_with_role: async () => [
    'POST',
    '/api/invite-user',
    { email: uniqueEmail('invited'), role: 'mentor' },
  ],
  grant_mentor: async () => [
    'PUT',
    `/api/staff/members/${target.id}/roles`,
    { role: 'mentor', granted: true },
  ],
  grant_staff_role: async () => [
    'PUT',
    `/api/staff/members/${target.id}/roles`,
    { role: 'medel_user', granted: false },
  ],
  export_members: async () => ['GET', '/api/staff/list-users?area=dach&format=csv'],
  view_reports: async () => ['GET', `/api/staff/reports/${await openReport()}`],
  act_on_report: async () => [
    'POST',
    `/api/staff/reports/${await openReport()}/action`,
    { action: 'dismiss' },
  ],
  suspend_member: async () => [
    'PUT',
    `/api/staff/members/${target.id}/suspension`,
    { suspended: false },
  ],
  view_audit_log: async () => ['GET', '/api/staff/audit'],
  edit_content: async () => [
    'PUT',
    '/api/pages/role-matrix/en',
    { title: 'Role matrix', content: '<p>Checked by the role matrix.</p>', status: 'draft' },
  ],
  edit_translations: async () => [
    'PUT',
    '/api/translation/internal',
    { language: 'de', key: 'common:snackbar.close', value: 'Schließen' },
  ],
  view_support_requests: async () => ['GET', '/api/staff/support-requests'],
  manage_groups: async () => ['GET', '/api/staff/groups'],
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
  const actors = Object.keys(ROLES_OF) as (keyof typeof ROLES_OF)[];
  const members = await signedInMembers(t.app, 7);
  const [targetMember, ...cast] = members;
  target = { id: targetMember.id, email: targetMember.email };
  await t.database.db.execute(sql`update users set area = 'dach' where id = ${target.id}`);
  for (const [index, actor] of actors.entries()) {
    const member = cast[index]!;
    await t.database.db.execute(
      sql`update users set area = ${ROLES_OF[actor].area} where id = ${member.id}`,
    );
    await setMemberRoles(t.app.auth, member.id, ROLES_OF[actor].roles);
    tokens[actor] = member.token;
  }
});
afterAll(() => t?.close());

describe('staff role matrix', () => {
  it('names every operation and every actor in the contract’s table', () => {
    expect(Object.keys(STAFF_PERMISSIONS).sort()).toEqual([...STAFF_OPERATIONS].sort());
    for (const operation of STAFF_OPERATIONS)
      expect(Object.keys(STAFF_PERMISSIONS[operation]).sort()).toEqual([...STAFF_ACTORS].sort());
  });

  it('answers every operation, for every actor, exactly as the table says', async () => {
    const observed: Record<string, Record<string, boolean>> = {};
    const failures: string[] = [];
    for (const operation of STAFF_OPERATIONS) {
      observed[operation] = {};
      for (const actor of STAFF_ACTORS) {
        const [method, url, payload] = await REQUESTS[operation]();
        const who = actor === 'anonymous' ? null : { token: tokens[actor] };
        const response = await callAs(t.app, method, url, who, payload);
        const allowed = response.statusCode >= 200 && response.statusCode < 300;
        observed[operation][actor] = allowed;
        const expected = STAFF_PERMISSIONS[operation][actor];
        const refusal = actor === 'anonymous' ? 401 : 403;
        if (expected !== allowed || (!expected && response.statusCode !== refusal))
          failures.push(
            `${operation} as ${actor}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(observed).toEqual(STAFF_PERMISSIONS);
  });
});
