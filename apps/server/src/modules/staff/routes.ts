import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditLogOutput,
  ErrorOutput,
  InvitationOutput,
  InviteUserInput,
  InviteUserOutput,
  IsRegisteredOutput,
  IsRegisteredQuery,
  REPORT_STATUSES,
  ReportActionInput,
  ReportPostInput,
  SetRoleInput,
  SetRoleOutput,
  SetSuspensionInput,
  SetSuspensionOutput,
  StaffGroupsOutput,
  StaffMembersOutput,
  StaffMembersQuery,
  StaffOverview,
  StaffReport,
  StaffReportsOutput,
  StaffSupportRequest,
  StaffSupportRequestsOutput,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import { languageFromHeader } from '../../lib/language';
import { revokeAllSessions } from '../auth/service';
import * as service from './service';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const CursorQuery = z.object({ cursor: z.string().max(200).optional() });
const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput };

/**
 * The staff area (step 9, decision 0048; spec §7 declared paths `area-manager-users`,
 * `isregistered`, `invite-user`, and the operation key `list-users`). Every door is open to signed-in
 * members at the gate and decided by the contract's STAFF_PERMISSIONS table in the service (one
 * table: the role-matrix test checks every door against it).
 */
export async function staffRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const security = [{ bearer: [] }];
  const config = { access: 'member' as const };
  const ctx = (): service.StaffContext => ({
    db: app.database.db,
    rateLimits: app.rateLimits,
    publicUrl: options.publicUrl,
    endSessions: (userId, reason) => revokeAllSessions(app.auth, userId, reason),
  });
  const who = (operations: string) => `Staff: ${operations} (STAFF_PERMISSIONS in the contract).`;

  app.get(
    '/staff/overview',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The staff workspace: what the viewer may do, and what waits',
        description: `${who('view_workspace')} Open reports (the viewer's area; every area for super_admin), open support requests and unused invitations.`,
        response: { 200: StaffOverview, ...errors },
      },
    },
    (request) => service.overview(app.database.db, memberOf(request)),
  );

  const membersDescription =
    'Newest first, 50 a page (`cursor`). `area` defaults to the viewer’s; `all` only for ' +
    'super_admin. Filters: `search` (name, display name or e-mail; accents and case ignored), ' +
    '`role`, `country` (two letters). No health field is ever listed.';

  app.get(
    '/area-manager-users',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The members of an area (area managers: their own area)',
        description: `${who('list_area_members')} ${membersDescription}`,
        querystring: StaffMembersQuery.omit({ format: true }),
        response: { 200: StaffMembersOutput, ...errors },
      },
    },
    (request) =>
      service.listMembers(app.database.db, memberOf(request), 'list_area_members', request.query),
  );

  app.get(
    '/staff/list-users',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Members with filters, as JSON or a CSV file (`format=csv`)',
        description:
          `${who('export_members')} ${membersDescription} With \`format=csv\`: every match (at ` +
          'most 10,000) as text/csv with the columns of STAFF_EXPORT_COLUMNS; each export is ' +
          'written to the audit log.',
        querystring: StaffMembersQuery,
        response: { 200: StaffMembersOutput.or(z.string()), ...errors },
      },
    },
    async (request, reply) => {
      const principal = memberOf(request);
      if (request.query.format !== 'csv')
        return service.listMembers(app.database.db, principal, 'export_members', request.query);
      const csv = await service.exportMembersCsv(app.database.db, principal, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="attune-members.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/isregistered',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Whether an e-mail address has an account (staff only)',
        description: `${who('check_registered')} Staff only, so nobody can use it to find out who has an account; each look-up is written to the audit log.`,
        querystring: IsRegisteredQuery,
        response: { 200: IsRegisteredOutput, ...errors },
      },
    },
    (request) => service.isRegistered(app.database.db, memberOf(request), request.query.email),
  );

  app.post(
    '/invite-user',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Invite someone by e-mail (a single-use link that pre-fills registration)',
        description:
          `${who('invite_member; invite_with_role for another role than member')} ` +
          '`{ email, role?, language? }`: mails a link to `/{language}/register?invite=…` that works ' +
          'once for 14 days; the new member gets the role and the inviter’s area. 409 ' +
          '`email_taken` when the address has an account; 429 past 100 invitations a day.',
        body: InviteUserInput,
        response: { 201: InviteUserOutput, ...errors, 409: ErrorOutput, 429: ErrorOutput },
      },
    },
    async (request, reply) => {
      const answer = await service.inviteUser(
        ctx(),
        memberOf(request),
        request.body,
        languageFromHeader(request.headers['accept-language']),
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/invitations/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What an invitation link pre-fills (public)',
        description:
          'The e-mail, role and language of a usable invitation, for the registration page. ' +
          '404 once used or expired. `registeruser` takes the token as `invite`.',
        params: z.object({ token: z.string().min(10).max(200) }),
        response: { 200: InvitationOutput, 404: ErrorOutput },
      },
    },
    (request) => service.invitation(app.database.db, request.params.token),
  );

  app.put(
    '/staff/members/:id/roles',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Give a member a role, or take it back',
        description:
          `${who('grant_mentor for mentor; grant_staff_role for medel_user and area_manager')} ` +
          '`{ role, granted }`. Area managers only for members of their area. Nobody changes ' +
          'their own roles. Takes effect on the member’s next request, on every instance.',
        params: IdParams,
        body: SetRoleInput,
        response: { 200: SetRoleOutput, ...errors },
      },
    },
    (request) => service.setRole(ctx(), memberOf(request), request.params.id, request.body),
  );

  app.put(
    '/staff/members/:id/suspension',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Suspend a member, or lift the suspension',
        description:
          `${who('suspend_member')} \`{ suspended, note? }\`. Suspending stops their sign-in ` +
          '(`account_suspended`), ends every session on every instance and tells them by mail in ' +
          'their language. Area managers only for members of their area; nobody for themselves. ' +
          'Written to the audit log with the note.',
        params: IdParams,
        body: SetSuspensionInput,
        response: { 200: SetSuspensionOutput, ...errors },
      },
    },
    (request) => service.setSuspension(ctx(), memberOf(request), request.params.id, request.body),
  );

  app.get(
    '/staff/reports',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The reports queue',
        description: `${who('view_reports')} Newest first, 50 a page; \`status\` defaults to open. Area managers see the reports about members of their area.`,
        querystring: CursorQuery.extend({ status: z.enum(REPORT_STATUSES).optional() }),
        response: { 200: StaffReportsOutput, ...errors },
      },
    },
    (request) => service.listReports(app.database.db, memberOf(request), request.query),
  );

  app.get(
    '/staff/reports/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'One report',
        description: who('view_reports'),
        params: IdParams,
        response: { 200: StaffReport, ...errors },
      },
    },
    (request) => service.getReport(app.database.db, memberOf(request), request.params.id),
  );

  app.post(
    '/staff/reports/:id/action',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Act on a report: hide the post, warn, suspend or dismiss',
        description:
          `${who('act_on_report')} \`{ action, note? }\`. \`hide_post\` hides the reported post ` +
          '(400 `report_action_invalid` when the report names none); `warn` mails the member ' +
          'the note in their language; `suspend` stops their sign-in and ends every session on ' +
          'every instance; `dismiss` closes the report. 409 `conflict` once handled. Written to ' +
          'the audit log.',
        params: IdParams,
        body: ReportActionInput,
        response: { 200: StaffReport, ...errors, 409: ErrorOutput },
      },
    },
    (request) => service.actOnReport(ctx(), memberOf(request), request.params.id, request.body),
  );

  app.post(
    '/posts/:id/report',
    {
      config,
      schema: {
        tags: ['posts'],
        security,
        summary: 'Report a post to the staff',
        description:
          '`{ reason, details? }` (MEMBER_REPORT_REASONS). Any post the member can read except ' +
          'their own (400 `cannot_report_self`); 404 otherwise; 429 past 10 reports an hour.',
        params: IdParams,
        body: ReportPostInput,
        response: { 201: z.object({ message: z.string() }), ...errors, 429: ErrorOutput },
      },
    },
    async (request, reply) => {
      const principal = memberOf(request);
      await app.rateLimits.consume('member-report:account', String(principal.userId));
      await service.reportPost(app.database.db, principal, request.params.id, request.body);
      return reply.status(201).send({ message: 'Thank you. Our team will look at your report.' });
    },
  );

  app.get(
    '/staff/audit',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The audit log: staff actions and staff reads of health data',
        description: `${who('view_audit_log')} Newest first, 50 a page.`,
        querystring: CursorQuery,
        response: { 200: AuditLogOutput, ...errors },
      },
    },
    (request) => service.auditLog(app.database.db, memberOf(request), request.query.cursor),
  );

  app.get(
    '/staff/support-requests',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Support requests sent through the contact form',
        description: `${who('view_support_requests')} Newest first, 50 a page; \`status\` open (default) or handled.`,
        querystring: CursorQuery.extend({ status: z.enum(['open', 'handled']).optional() }),
        response: { 200: StaffSupportRequestsOutput, ...errors },
      },
    },
    (request) => service.listSupportRequests(app.database.db, memberOf(request), request.query),
  );

  app.post(
    '/staff/support-requests/:id/handled',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Mark a support request handled',
        description: `${who('view_support_requests')} Written to the audit log.`,
        params: IdParams,
        response: { 200: StaffSupportRequest, ...errors },
      },
    },
    (request) => service.markSupportHandled(app.database.db, memberOf(request), request.params.id),
  );

  app.get(
    '/staff/groups',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Every group, hidden ones too, for group management',
        description: `${who('manage_groups')} Newest first, 50 a page, with members and waiting requests.`,
        querystring: CursorQuery,
        response: { 200: StaffGroupsOutput, ...errors },
      },
    },
    (request) => service.listGroups(app.database.db, memberOf(request), request.query.cursor),
  );
}
