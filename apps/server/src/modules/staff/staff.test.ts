import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_CONSENT_VERSION, STAFF_EXPORT_COLUMNS, type Role } from '@attune/contract';
import { setMemberRoles } from '../auth/service';
import {
  TEST_TOKENS,
  callAs,
  codeOf,
  createTestApp,
  graphql,
  latestCode,
  logIn,
  mailsTo,
  post,
  signedInMember,
  signedInMembers,
  uniqueEmail,
  updateProfile,
  type CallArgs,
  type TestApp,
} from '../../../test/app';

/**
 * The staff area's behaviour (step 9, decision 0048). Who may knock on which door is the role
 * matrix's test (test/staff-role-matrix.test.ts); here: what each door does.
 */

type Member = Awaited<ReturnType<typeof signedInMember>>;
let t: TestApp;
let manager: Member; // area_manager of 'dach'
let admin: Member; // super_admin
let medelUser: Member; // medel_user of 'dach'
let author: Member; // a member in 'dach'
let reader: Member; // a member in 'dach'
let faraway: Member; // a member in 'spain'

const call = (...args: CallArgs) => callAs(t.app, ...args);
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const setArea = (member: Member, area: string) =>
  t.database.db.execute(sql`update users set area = ${area} where id = ${member.id}`);
const asRole = async (member: Member, roles: Role[]) =>
  setMemberRoles(t.app.auth, member.id, roles);
const auditOf = (action: string) =>
  rows<{ actor_id: number; target_user_id: number | null; details: Record<string, unknown> }>(
    sql`select actor_id, target_user_id, details from staff_audit where action = ${action} order by id`,
  );

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
  [manager, admin, medelUser, author, reader, faraway] = await signedInMembers(t.app, 6);
  for (const member of [manager, medelUser, author, reader]) await setArea(member, 'dach');
  await setArea(faraway, 'spain');
  await asRole(manager, ['area_manager', 'member']);
  await asRole(admin, ['super_admin', 'member']);
  await asRole(medelUser, ['medel_user', 'member']);
});
afterAll(() => t?.close());

async function writePost(who: Member, title: string) {
  await t.app.rateLimits.reset('post:account', String(who.id));
  const response = await call('POST', '/api/posts', who, {
    title,
    content: `<p>${title}: ein Erfahrungsbericht, Teil ${Math.random()}</p>`,
    language: 'de',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; slug: string };
}

describe('members of an area', () => {
  it('lists the area manager’s own area, newest first, with filters; never health fields', async () => {
    await updateProfile(t.app, author.token, {
      leftEar: 'cochlear-implant',
      healthConsent: { accepted: true, version: HEALTH_CONSENT_VERSION },
    });
    const mine = await call('GET', '/api/area-manager-users', manager);
    expect(mine.statusCode, mine.body).toBe(200);
    const ids = (mine.json().members as { id: number; area: string }[]).map((m) => m.id);
    expect(ids).toContain(author.id);
    expect(ids).not.toContain(faraway.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(mine.body).not.toContain('cochlear');
    const managers = await call('GET', '/api/area-manager-users?role=area_manager', manager);
    expect((managers.json().members as { id: number }[]).map((m) => m.id)).toEqual([manager.id]);
    const found = await call(
      'GET',
      `/api/area-manager-users?search=${encodeURIComponent(author.email.toUpperCase())}`,
      manager,
    );
    expect((found.json().members as { id: number }[]).map((m) => m.id)).toEqual([author.id]);
  });

  it('refuses another area to an area manager, and lets super_admin see every area', async () => {
    const other = await call('GET', '/api/area-manager-users?area=spain', manager);
    expect(other.statusCode).toBe(403);
    const all = await call('GET', '/api/staff/list-users?area=all', admin);
    const ids = (all.json().members as { id: number }[]).map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([author.id, faraway.id]));
  });

  it('pages with a cursor', async () => {
    const first = await call('GET', '/api/staff/list-users?area=all', admin);
    const body = first.json() as { members: { id: number }[]; nextCursor: string | null };
    // Fewer than a page in this test database: no next page.
    expect(body.nextCursor).toBeNull();
    const bad = await call('GET', '/api/staff/list-users?area=all&cursor=nonsense', admin);
    expect(codeOf(bad)).toBe('validation_failed');
  });

  it('exports CSV with the non-health columns, neutralises formulas, and audits the export', async () => {
    await t.database.db.execute(
      sql`update users set first_name = '=HYPERLINK("x")', last_name = 'Müller, Jr.' where id = ${reader.id}`,
    );
    const csv = await call('GET', '/api/staff/list-users?area=dach&format=csv', manager);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(STAFF_EXPORT_COLUMNS.join(','));
    const readerLine = lines.find((line) => line.startsWith(`${reader.id},`))!;
    expect(readerLine).toContain(`"'=HYPERLINK(""x"") Müller, Jr."`);
    expect(csv.body).not.toContain('cochlear');
    expect(csv.body).not.toContain(faraway.email);
    const [entry] = (await auditOf('members.exported')).slice(-1);
    expect(entry).toMatchObject({ actor_id: manager.id, details: { area: 'dach' } });
  });

  it('tells staff whether an e-mail is registered, and audits each look-up', async () => {
    const known = await call(
      'GET',
      `/api/isregistered?email=${encodeURIComponent(author.email)}`,
      medelUser,
    );
    expect(known.json()).toEqual({ registered: true, userId: author.id });
    const unknown = await call('GET', `/api/isregistered?email=nobody%40example.com`, medelUser);
    expect(unknown.json()).toEqual({ registered: false, userId: null });
    const bad = await call('GET', '/api/isregistered?email=not-an-address', medelUser);
    expect(codeOf(bad)).toBe('validation_failed');
    expect((await auditOf('member.lookup')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('roles', () => {
  it('lets an area manager make a member of their area a mentor and take it back', async () => {
    const made = await call('PUT', `/api/staff/members/${reader.id}/roles`, manager, {
      role: 'mentor',
      granted: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().roles).toEqual(expect.arrayContaining(['mentor', 'member']));
    // The member's next request carries the role.
    const me = await call('GET', '/api/fetch-user', reader);
    expect(JSON.stringify(me.json())).toContain('mentor');
    const taken = await call('PUT', `/api/staff/members/${reader.id}/roles`, manager, {
      role: 'mentor',
      granted: false,
    });
    expect(taken.json().roles).toEqual(['member']);
    const audit = await auditOf('member.role_granted');
    expect(audit.at(-1)).toMatchObject({ actor_id: manager.id, target_user_id: reader.id });
  });

  it('keeps staff roles to super_admin, other areas away, and one’s own roles untouched', async () => {
    const staffRole = await call('PUT', `/api/staff/members/${reader.id}/roles`, manager, {
      role: 'area_manager',
      granted: true,
    });
    expect(staffRole.statusCode).toBe(403);
    const otherArea = await call('PUT', `/api/staff/members/${faraway.id}/roles`, manager, {
      role: 'mentor',
      granted: true,
    });
    expect(otherArea.statusCode).toBe(403);
    const self = await call('PUT', `/api/staff/members/${admin.id}/roles`, admin, {
      role: 'area_manager',
      granted: true,
    });
    expect(self.statusCode).toBe(403);
    const missing = await call('PUT', '/api/staff/members/999999/roles', admin, {
      role: 'mentor',
      granted: true,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('invitations', () => {
  async function registerWith(email: string, invite: string) {
    await post(t.app, '/api/send2facode', { email });
    const code = await latestCode(t.app, email);
    await post(t.app, '/api/validate2facode', { email, code, is_reset_password: false });
    return post(
      t.app,
      '/api/registeruser',
      { email, password: 'quiet-harbour-lantern-42', type: 'regular', invite },
      { authorization: `Bearer ${TEST_TOKENS.register}` },
    );
  }
  const tokenOf = async (email: string) => {
    const [mail] = await mailsTo(t.app, email);
    const token = mail?.text.match(/invite=([\w-]+)/)?.[1];
    if (!token) throw new Error(`no invitation mailed to ${email}`);
    return { token, mail: mail! };
  };

  it('mails a single-use link in the chosen language that pre-fills registration and grants the role', async () => {
    const email = uniqueEmail('invited');
    const sent = await call('POST', '/api/invite-user', admin, {
      email,
      role: 'mentor',
      language: 'es',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { token, mail } = await tokenOf(email);
    expect(mail.subject).toBe('Le invitamos a unirse a Attune');
    expect(mail.text).toContain('/es/register?invite=');
    const prefill = await t.app.inject({ url: `/api/invitations/${token}` });
    expect(prefill.json()).toEqual({ email, role: 'mentor', language: 'es' });

    const registered = await registerWith(email, token);
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const [user] = await rows<{ roles: string[]; area: string }>(
      sql`select roles, area from users where email = ${email}`,
    );
    expect(user).toEqual({ roles: ['mentor', 'member'], area: 'international' });
    expect((await t.app.inject({ url: `/api/invitations/${token}` })).statusCode).toBe(404);

    // Deleting the account forgets the invitation's address too, in the audit log as well.
    const login = await logIn(t.app, email, 'quiet-harbour-lantern-42');
    const deleted = await call('DELETE', '/api/delete-user', { token: login.authToken });
    expect(deleted.statusCode).toBe(200);
    expect(await rows(sql`select id from invitations where email = ${email}`)).toEqual([]);
    const audit = await rows(
      sql`select details from staff_audit where details::text like ${`%${email}%`}`,
    );
    expect(audit).toEqual([]);
    expect((await auditOf('member.invited')).length).toBeGreaterThan(0);
  });

  it('refuses a used, foreign or unknown link at registration, and an address with an account', async () => {
    const email = uniqueEmail('invited');
    await call('POST', '/api/invite-user', manager, { email });
    const { token } = await tokenOf(email);
    const stranger = uniqueEmail('stranger');
    const foreign = await registerWith(stranger, token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('invitation_invalid');
    // The refused sign-up left nothing behind.
    expect(await rows(sql`select id from users where email = ${stranger}`)).toEqual([]);
    const own = await registerWith(email, token);
    expect(own.status).toBe(200);
    const [user] = await rows<{ area: string }>(sql`select area from users where email = ${email}`);
    expect(user!.area).toBe('dach');
    const taken = await call('POST', '/api/invite-user', manager, { email: author.email });
    expect(taken.statusCode).toBe(409);
    expect(codeOf(taken)).toBe('email_taken');
  });
});

describe('reports queue', () => {
  async function reportPost(title: string) {
    const written = await writePost(author, title);
    const reported = await call('POST', `/api/posts/${written.id}/report`, reader, {
      reason: 'health_misinformation',
      details: 'Claims a cure.',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const [report] = await rows<{ id: number }>(
      sql`select id from member_reports where post_id = ${written.id}`,
    );
    return { post: written, reportId: report!.id };
  }

  it('lets a member report a post they can read, not their own', async () => {
    const own = await writePost(author, 'Eigener Beitrag');
    const self = await call('POST', `/api/posts/${own.id}/report`, author, { reason: 'spam' });
    expect(codeOf(self)).toBe('cannot_report_self');
    const missing = await call('POST', '/api/posts/999999/report', reader, { reason: 'spam' });
    expect(missing.statusCode).toBe(404);
    const badReason = await call('POST', `/api/posts/${own.id}/report`, reader, {
      reason: 'boring',
    });
    expect(codeOf(badReason)).toBe('validation_failed');
  });

  it('shows the area manager their area’s open reports with the post, and hides the post', async () => {
    const { post: reportedPost, reportId } = await reportPost('Wundermittel gegen Tinnitus');
    const queue = await call('GET', '/api/staff/reports', manager);
    const report = (queue.json().reports as { id: number }[]).find((r) => r.id === reportId);
    expect(report).toMatchObject({
      reason: 'health_misinformation',
      status: 'open',
      reporter: { id: reader.id },
      reported: { id: author.id, area: 'dach', suspended: false },
      post: { id: reportedPost.id, hidden: false },
      resolution: null,
    });
    const elsewhere = await call('GET', '/api/staff/reports', await otherAreaManager());
    expect((elsewhere.json().reports as { id: number }[]).map((r) => r.id)).not.toContain(reportId);

    const hidden = await call('POST', `/api/staff/reports/${reportId}/action`, manager, {
      action: 'hide_post',
      note: 'Medical claim without source.',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      status: 'resolved',
      post: { hidden: true },
      resolution: { action: 'hide_post', by: { id: manager.id } },
    });
    expect((await call('GET', `/api/posts/${reportedPost.id}`, reader)).statusCode).toBe(404);
    const again = await call('POST', `/api/staff/reports/${reportId}/action`, manager, {
      action: 'dismiss',
    });
    expect(again.statusCode).toBe(409);
    expect((await auditOf('report.hide_post')).at(-1)).toMatchObject({
      actor_id: manager.id,
      target_user_id: author.id,
      details: { reportId, postId: reportedPost.id },
    });
  });

  it('warns a member by mail in their language, with the note', async () => {
    await t.database.db.execute(sql`update users set locale = 'de' where id = ${author.id}`);
    const { reportId } = await reportPost('Noch ein Beitrag');
    const warned = await call('POST', `/api/staff/reports/${reportId}/action`, manager, {
      action: 'warn',
      note: 'Bitte Quellen angeben.',
    });
    expect(warned.statusCode, warned.body).toBe(200);
    const mail = (await mailsTo(t.app, author.email)).find(
      (one) => one.subject === 'Ein Hinweis des Attune-Teams zu Ihrem Beitrag',
    );
    expect(mail?.text).toContain('Bitte Quellen angeben.');
  });

  it('refuses to hide a post when the report names none', async () => {
    const reported = await call('POST', '/api/connection/report', reader, {
      userId: faraway.id,
      reason: 'spam',
    });
    expect(reported.statusCode, reported.body).toBeLessThan(300);
    const [report] = await rows<{ id: number }>(
      sql`select id from member_reports where reported_id = ${faraway.id} order by id desc limit 1`,
    );
    const refused = await call('POST', `/api/staff/reports/${report!.id}/action`, admin, {
      action: 'hide_post',
    });
    expect(codeOf(refused)).toBe('report_action_invalid');
  });

  it('suspends: sessions end at once, sign-in is refused, and the member is told by mail', async () => {
    const suspect = await signedInMember(t.app);
    await setArea(suspect, 'dach');
    const written = await writePost(suspect, 'Kaufen Sie jetzt');
    await call('POST', `/api/posts/${written.id}/report`, reader, { reason: 'spam' });
    const [report] = await rows<{ id: number }>(
      sql`select id from member_reports where post_id = ${written.id}`,
    );
    const suspended = await call('POST', `/api/staff/reports/${report!.id}/action`, manager, {
      action: 'suspend',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().reported.suspended).toBe(true);
    expect((await call('GET', '/api/fetch-user', suspect)).statusCode).toBe(401);
    const login = await graphql(
      t.app,
      'mutation ($input: LoginInput!) { login(input: $input) { authToken } }',
      { input: { username: suspect.email, password: suspect.password } },
    );
    expect(login.body.errors?.[0]?.extensions.code).toBe('account_suspended');
    await expect(logIn(t.app, suspect.email, 'wrong-password-entirely')).rejects.toThrow(
      /login_failed|Incorrect|wrong/i,
    );
    const mails = await mailsTo(t.app, suspect.email);
    expect(mails.map((mail) => mail.subject)).toContain('Your Attune account is suspended');
  });
});

describe('suspension without a report', () => {
  it('suspends a member of the area and lifts it again; never oneself or another area', async () => {
    const member = await signedInMember(t.app);
    await setArea(member, 'dach');
    const suspended = await call('PUT', `/api/staff/members/${member.id}/suspension`, manager, {
      suspended: true,
      note: 'Repeated advertising.',
    });
    expect(suspended.json()).toEqual({ id: member.id, suspended: true });
    expect((await call('GET', '/api/fetch-user', member)).statusCode).toBe(401);
    const lifted = await call('PUT', `/api/staff/members/${member.id}/suspension`, manager, {
      suspended: false,
    });
    expect(lifted.json()).toEqual({ id: member.id, suspended: false });
    await expect(logIn(t.app, member.email, member.password)).resolves.toHaveProperty('authToken');
    expect((await auditOf('member.suspended')).at(-1)).toMatchObject({
      actor_id: manager.id,
      target_user_id: member.id,
      details: { note: 'Repeated advertising.' },
    });
    expect((await auditOf('member.unsuspended')).at(-1)).toMatchObject({
      target_user_id: member.id,
    });
    const self = await call('PUT', `/api/staff/members/${manager.id}/suspension`, manager, {
      suspended: true,
    });
    expect(self.statusCode).toBe(403);
    const far = await call('PUT', `/api/staff/members/${faraway.id}/suspension`, manager, {
      suspended: true,
    });
    expect(far.statusCode).toBe(403);
  });
});

async function otherAreaManager() {
  const other = await signedInMember(t.app);
  await setArea(other, 'spain');
  await asRole(other, ['area_manager', 'member']);
  return other;
}

describe('audit log, support requests and groups', () => {
  it('records a staff member reading health fields on a profile, not a member doing so', async () => {
    await updateProfile(t.app, author.token, {
      deviceType: 'bimodal',
      visibility: { 'device type': 'staff' },
      healthConsent: { accepted: true, version: HEALTH_CONSENT_VERSION },
    });
    const before = (await auditOf('member.health_read')).length;
    await call('GET', `/api/user?id=${author.id}`, reader);
    expect((await auditOf('member.health_read')).length).toBe(before);
    const read = await call('GET', `/api/user?id=${author.id}`, medelUser);
    expect(read.statusCode, read.body).toBe(200);
    const entries = await auditOf('member.health_read');
    expect(entries.length).toBe(before + 1);
    expect(entries.at(-1)).toMatchObject({
      actor_id: medelUser.id,
      target_user_id: author.id,
      details: { fields: expect.arrayContaining(['Device type']) },
    });
  });

  it('records a staff list showing health fields: one entry per member, in one go', async () => {
    const query = `query ($include: [Int]) { users(first: 1000, where: { include: $include }) {
      nodes { databaseId extendedProfiles { fields { name value } } } } }`;
    const before = (await auditOf('member.health_read')).length;
    await graphql(
      t.app,
      query,
      { include: [author.id] },
      { authorization: `Bearer ${reader.token}` },
    );
    expect((await auditOf('member.health_read')).length).toBe(before);
    const listed = await graphql<{
      users: { nodes: { extendedProfiles: { fields: { name: string }[] }[] }[] };
    }>(
      t.app,
      query,
      { include: [author.id, reader.id] },
      { authorization: `Bearer ${medelUser.token}` },
    );
    expect(JSON.stringify(listed.body.data)).toContain('Device type');
    const entries = await auditOf('member.health_read');
    expect(entries.length).toBe(before + 1);
    expect(entries.at(-1)).toMatchObject({
      actor_id: medelUser.id,
      target_user_id: author.id,
      details: { via: 'users', fields: expect.arrayContaining(['Device type']) },
    });
  });

  it('shows super_admin the audit log, newest first, with names', async () => {
    const log = await call('GET', '/api/staff/audit', admin);
    expect(log.statusCode).toBe(200);
    const entries = log.json().entries as { id: number; action: string; actor: { id: number } }[];
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.map((entry) => entry.id)).toEqual(
      [...entries.map((entry) => entry.id)].sort((a, b) => b - a),
    );
    expect(entries.find((entry) => entry.action === 'member.health_read')?.actor.id).toBe(
      medelUser.id,
    );
  });

  it('lists support requests for staff and marks one handled', async () => {
    await t.app.rateLimits.reset('support:ip', '127.0.0.1');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/support/contact',
      payload: {
        formId: 'account',
        name: 'Hilde Brandt',
        email: uniqueEmail('hilde'),
        message: 'Ich komme nicht mehr in mein Konto.',
      },
      headers: { 'accept-language': 'de' },
    });
    const reference = sent.json().reference as string;
    const open = await call('GET', '/api/staff/support-requests', medelUser);
    const request = (open.json().requests as { id: number; reference: string }[]).find(
      (one) => one.reference === reference,
    )!;
    expect(request).toMatchObject({ formId: 'account', language: 'de', handledAt: null });
    const handled = await call(
      'POST',
      `/api/staff/support-requests/${request.id}/handled`,
      medelUser,
    );
    expect(handled.json().handledAt).not.toBeNull();
    const still = await call('GET', '/api/staff/support-requests', medelUser);
    expect((still.json().requests as { id: number }[]).map((one) => one.id)).not.toContain(
      request.id,
    );
    const done = await call('GET', '/api/staff/support-requests?status=handled', medelUser);
    expect((done.json().requests as { id: number }[]).map((one) => one.id)).toContain(request.id);
  });

  it('lists every group for group management, hidden ones too, in one statement per page', async () => {
    const created = await call('POST', '/api/social/groups', manager, {
      name: `Team intern ${Date.now()}`,
      description: 'Nur für das Team.',
      status: 'hidden',
    });
    expect(created.statusCode, created.body).toBe(201);
    const groups = await call('GET', '/api/staff/groups', manager);
    expect(groups.statusCode).toBe(200);
    expect(
      (groups.json().groups as { status: string; memberCount: number }[]).find(
        (group) => group.status === 'hidden',
      ),
    ).toMatchObject({ memberCount: 1, pendingRequests: 0 });
  });

  it('counts what waits on the overview, per the viewer’s area', async () => {
    const overview = await call('GET', '/api/staff/overview', manager);
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({
      area: 'dach',
      abilities: { list_area_members: true, view_audit_log: false, edit_translations: false },
    });
    expect(overview.json().pendingInvitations).toBeGreaterThanOrEqual(0);
  });
});
