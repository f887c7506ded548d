/**
 * Staff calls (step 9, decision 0048): the workspace's overview, members, invitations, reports,
 * support requests, groups and audit log, one fetcher and one query-options factory per call. The
 * contract's STAFF_PERMISSIONS table decides which of them the web offers (`staffAbilities`); the
 * server applies the same table and answers 403 to anything else. Also here: a member reporting a
 * post.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import type {
  AuditLogOutput,
  InviteUserInput,
  InviteUserOutput,
  IsRegisteredOutput,
  MessageOutput,
  ReportActionInput,
  ReportPostInput,
  SetRoleInput,
  SetSuspensionInput,
  StaffGroupsOutput,
  StaffMembersOutput,
  StaffMembersQuery,
  StaffOverview,
  StaffReport,
  StaffReportsOutput,
  StaffSupportRequest,
  StaffSupportRequestsOutput,
} from '@attune/contract';
import { getValidAuthToken, withAuthRetry } from '../auth-session';
import { getConfig, joinUrl } from '../config';
import { authed } from './profile';
import { getRequestLanguage } from '../request-language';
import { ApiError, NETWORK_ERROR, toApiError } from '../rest-client';

/** The reports queue's filter. */
export type ReportStatus = 'open' | 'resolved' | 'dismissed';
/** The support requests' filter. */
export type SupportRequestStatus = 'open' | 'handled';

/** What the members list is filtered by; '' means "any". */
export interface StaffMemberFilters {
  /** An area's value, 'all' (super_admin), or '' for the viewer's own area. */
  area: string;
  search: string;
  role: '' | NonNullable<StaffMembersQuery['role']>;
  /** A two-letter country code, or ''. */
  country: string;
}

/** Query keys of the staff workspace; every key starts with `['staff']`. */
export const staffKeys = {
  all: ['staff'] as const,
  overview: () => [...staffKeys.all, 'overview'] as const,
  memberLists: () => [...staffKeys.all, 'members'] as const,
  members: (filters: StaffMemberFilters) => [...staffKeys.memberLists(), filters] as const,
  reportLists: () => [...staffKeys.all, 'reports'] as const,
  reports: (status: ReportStatus) => [...staffKeys.reportLists(), status] as const,
  supportLists: () => [...staffKeys.all, 'support'] as const,
  support: (status: SupportRequestStatus) => [...staffKeys.supportLists(), status] as const,
  groups: () => [...staffKeys.all, 'groups'] as const,
  audit: () => [...staffKeys.all, 'audit'] as const,
};

export type StaffReportsData = InfiniteData<StaffReportsOutput, string | undefined>;
export type StaffSupportData = InfiniteData<StaffSupportRequestsOutput, string | undefined>;
export type StaffMembersData = InfiniteData<StaffMembersOutput, string | undefined>;

const withQuery = (path: string, values: Record<string, string | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
};

/** A paged staff list at this path, `cursor` added for later pages. */
const paged = <T extends { nextCursor: string | null }>(
  queryKey: readonly unknown[],
  path: string,
  query: Record<string, string | undefined> = {},
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => authed<T>(withQuery(path, { ...query, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: T) => page.nextCursor ?? undefined,
    // A refusal (403) is an answer, not a hiccup to try again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** `GET /api/staff/overview`: the workspace's counts (403 for anyone who is not staff). */
export const staffOverviewQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.overview(),
    queryFn: () => authed<StaffOverview>('staff/overview'),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** The query of a members list (`area-manager-users` and `staff/list-users` take the same). */
const membersQuery = (filters: StaffMemberFilters) => ({
  area: filters.area || undefined,
  search: filters.search.trim() || undefined,
  role: filters.role || undefined,
  country: filters.country || undefined,
});

/**
 * `GET /api/area-manager-users?area=&search=&role=&country=&cursor=`: the members of an area (the
 * viewer's own unless a super_admin names one), newest first. Every area at once ('all') is only
 * in `staff/list-users`.
 */
export const staffMembersQueryOptions = (filters: StaffMemberFilters) =>
  paged<StaffMembersOutput>(
    staffKeys.members(filters),
    filters.area === 'all' ? 'staff/list-users' : 'area-manager-users',
    membersQuery(filters),
  );

/** The file name of a members export: `attune-members-<area>-<date>.csv`. */
export function membersExportFileName(area: string, now: Date = new Date()): string {
  const safeArea = (area || 'area').replace(/[^a-z0-9-]+/gi, '-').toLowerCase();
  return `attune-members-${safeArea}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * `GET /api/staff/list-users?…&format=csv`: every member the filters find, as a CSV file (never a
 * health field). Fetched with the bearer token (a plain link could not carry it), saved by the caller.
 */
export async function exportMembers(filters: StaffMemberFilters): Promise<Blob> {
  const path = withQuery('staff/list-users', { ...membersQuery(filters), format: 'csv' });
  return withAuthRetry(async () => {
    const token = await getValidAuthToken();
    let response: Response;
    try {
      response = await fetch(joinUrl(getConfig().restUrl, path), {
        headers: {
          Accept: 'text/csv',
          Authorization: `Bearer ${token ?? ''}`,
          'Accept-Language': getRequestLanguage(),
        },
      });
    } catch {
      throw new ApiError(NETWORK_ERROR, 0, '');
    }
    if (!response.ok)
      throw toApiError(response.status, await response.json().catch(() => undefined));
    return response.blob();
  });
}

/** `GET /api/isregistered?email=`: whether an e-mail address has an account (staff only). */
export const checkRegistered = (email: string) =>
  authed<IsRegisteredOutput>(withQuery('isregistered', { email: email.trim() }));

/** `POST /api/invite-user`: mails a single-use sign-up link (409 `email_taken` for an account). */
export const inviteUser = (input: InviteUserInput) =>
  authed<InviteUserOutput>('invite-user', { method: 'POST', body: input });

/** `PUT /api/staff/members/{id}/roles`: grants or takes back one role; the member's roles now. */
export const setMemberRole = (memberId: number, input: SetRoleInput) =>
  authed<{ id: number; roles: string[] }>(`staff/members/${memberId}/roles`, {
    method: 'PUT',
    body: input,
  });

/** `PUT /api/staff/members/{id}/suspension`: suspends a member or lifts it. */
export const setMemberSuspension = (memberId: number, input: SetSuspensionInput) =>
  authed<{ id: number; suspended: boolean }>(`staff/members/${memberId}/suspension`, {
    method: 'PUT',
    body: input,
  });

/** `GET /api/staff/reports?status=&cursor=`: the reports queue, page by page. */
export const staffReportsQueryOptions = (status: ReportStatus) =>
  paged<StaffReportsOutput>(staffKeys.reports(status), 'staff/reports', { status });

/** `POST /api/staff/reports/{id}/action`: hide the post, warn, suspend or dismiss; the report now. */
export const actOnReport = (reportId: number, input: ReportActionInput) =>
  authed<StaffReport>(`staff/reports/${reportId}/action`, { method: 'POST', body: input });

/** `GET /api/staff/support-requests?status=&cursor=`: what people wrote to support. */
export const staffSupportQueryOptions = (status: SupportRequestStatus) =>
  paged<StaffSupportRequestsOutput>(staffKeys.support(status), 'staff/support-requests', {
    status,
  });

/** `POST /api/staff/support-requests/{id}/handled`: the request, now handled. */
export const markSupportHandled = (requestId: number) =>
  authed<StaffSupportRequest>(`staff/support-requests/${requestId}/handled`, { method: 'POST' });

/** `GET /api/staff/groups?cursor=`: every group, hidden ones too. */
export const staffGroupsQueryOptions = () =>
  paged<StaffGroupsOutput>(staffKeys.groups(), 'staff/groups');

/** `GET /api/staff/audit?cursor=`: the audit log, newest first (super_admin). */
export const auditLogQueryOptions = () => paged<AuditLogOutput>(staffKeys.audit(), 'staff/audit');

/** `POST /api/posts/{id}/report`: a member reports a post to the team. */
export const reportPost = (postId: number, input: ReportPostInput) =>
  authed<MessageOutput>(`posts/${postId}/report`, { method: 'POST', body: input });

/** Replaces one item (by id) in every cached page of a paged list. */
export function replaceInPages<
  Page extends Record<K, readonly { id: number }[]>,
  K extends keyof Page,
>(
  data: InfiniteData<Page, string | undefined> | undefined,
  key: K,
  item: Page[K][number],
): InfiniteData<Page, string | undefined> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      [key]: page[key].map((one) => (one.id === item.id ? item : one)),
    })),
  };
}
