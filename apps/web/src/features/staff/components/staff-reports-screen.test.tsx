import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { staffAbilities, type ReportAction, type StaffReport } from '@attune/contract';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { StaffReportsScreen } from './staff-reports-screen';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const report = (overrides: Partial<StaffReport> = {}): StaffReport => ({
  id: 7,
  reason: 'spam',
  details: 'Sells hearing aids in every comment.',
  status: 'open',
  createdAt: '2026-11-20T09:30:00.000Z',
  reporter: { id: 3, nickname: 'Sam', area: 'international' },
  reported: { id: 9, nickname: 'Klaus', area: 'dach', suspended: false },
  post: { id: 42, title: 'Cheap processors', slug: 'cheap-processors', hidden: false },
  resolution: null,
  ...overrides,
});

/** The server: the open queue with one report; an action answers the report as now handled. */
function server() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/staff/reports?'))
      return jsonResponse({ reports: [report()], nextCursor: null });
    const acted = /^\/api\/staff\/reports\/(\d+)\/action$/.exec(url);
    if (acted) {
      const { action, note } = JSON.parse(String(init!.body)) as {
        action: ReportAction;
        note?: string;
      };
      return jsonResponse(
        report({
          status: action === 'dismiss' ? 'dismissed' : 'resolved',
          post: {
            id: 42,
            title: 'Cheap processors',
            slug: 'cheap-processors',
            hidden: action === 'hide_post',
          },
          reported: { id: 9, nickname: 'Klaus', area: 'dach', suspended: action === 'suspend' },
          resolution: {
            action,
            note: note ?? '',
            by: { id: 2, nickname: 'Mara', area: 'dach' },
            at: '2026-11-21T10:00:00.000Z',
          },
        }),
      );
    }
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderReports() {
  const view = await renderWithRouter(
    <StaffReportsScreen
      language="en"
      abilities={staffAbilities(['area_manager'])}
      status="open"
      onStatusChange={() => {}}
    />,
  );
  const item = await screen.findByRole('article', { name: 'Spam or advertising: Klaus' });
  return { ...view, item };
}

/** The one action call made: its address and body. */
function actionCall(fetchMock: ReturnType<typeof server>) {
  const calls = fetchMock.mock.calls.filter(([url]) => url.endsWith('/action'));
  expect(calls).toHaveLength(1);
  const [url, init] = calls[0] as unknown as [string, RequestInit];
  return { url, method: init.method, body: JSON.parse(String(init.body)) as unknown };
}

describe('StaffReportsScreen', () => {
  it('shows what a report is about: reason, reporter, reported member, the post and what happened', async () => {
    server();
    const { item } = await renderReports();
    expect(screen.getByText('1 open report.')).toBeTruthy();
    expect(item.textContent).toContain('Sells hearing aids in every comment.');
    expect(within(item).getByRole('link', { name: 'Cheap processors' }).getAttribute('href')).toBe(
      '/en/post/cheap-processors',
    );
    expect(within(item).getByRole('link', { name: 'Klaus' }).getAttribute('href')).toBe(
      '/en/profile/Klaus',
    );
    expect(within(item).getByRole('link', { name: 'Sam' })).toBeTruthy();
  });

  it('hides the post with the action endpoint, then shows the outcome, says so and focuses the report', async () => {
    const fetchMock = server();
    const { item } = await renderReports();
    fireEvent.click(within(item).getByRole('button', { name: /^Hide post/ }));
    expect(
      await screen.findByText('The post is hidden. The report about Klaus is resolved.'),
    ).toBeTruthy();
    expect(actionCall(fetchMock)).toEqual({
      url: '/api/staff/reports/7/action',
      method: 'POST',
      body: { action: 'hide_post' },
    });
    const heading = within(item).getByRole('heading', { level: 2 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(item.textContent).toContain('Post hidden by Mara');
    expect(within(item).queryByRole('button')).toBeNull();
  });

  it('warns with the note the member reads, from a dialog', async () => {
    const fetchMock = server();
    const { item } = await renderReports();
    fireEvent.click(within(item).getByRole('button', { name: /^Warn/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Warn Klaus' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Your note to Klaus' }), {
      target: { value: '  Please stop advertising.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send warning' }));
    expect(
      await screen.findByText('Klaus was warned by e-mail. The report is resolved.'),
    ).toBeTruthy();
    expect(actionCall(fetchMock).body).toEqual({
      action: 'warn',
      note: 'Please stop advertising.',
    });
  });

  it('suspends only after a confirmation, and sends nothing when it is cancelled', async () => {
    const fetchMock = server();
    const { item } = await renderReports();
    fireEvent.click(within(item).getByRole('button', { name: /^Suspend/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Suspend Klaus?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/action'))).toHaveLength(0);

    fireEvent.click(within(item).getByRole('button', { name: /^Suspend/ }));
    dialog = await screen.findByRole('dialog', { name: 'Suspend Klaus?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(
      await screen.findByText('Klaus is suspended and signed out. The report is resolved.'),
    ).toBeTruthy();
    expect(actionCall(fetchMock)).toEqual({
      url: '/api/staff/reports/7/action',
      method: 'POST',
      body: { action: 'suspend' },
    });
  });

  it('dismisses at once', async () => {
    const fetchMock = server();
    const { item } = await renderReports();
    fireEvent.click(within(item).getByRole('button', { name: /^Dismiss/ }));
    expect(await screen.findByText('The report about Klaus is dismissed.')).toBeTruthy();
    expect(actionCall(fetchMock).body).toEqual({ action: 'dismiss' });
    expect(item.textContent).toContain('Dismissed by Mara');
  });

  it('says why when the action is refused, and keeps the buttons', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/staff/reports?')
          ? jsonResponse({ reports: [report()], nextCursor: null })
          : jsonResponse({ code: 'conflict', message: '', data: { status: 409 } }, 409),
      ),
    );
    const { item } = await renderReports();
    fireEvent.click(within(item).getByRole('button', { name: /^Dismiss/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('something changed in the meantime'),
    );
    expect(within(item).getByRole('button', { name: /^Dismiss/ })).toBeTruthy();
  });

  it('says in a friendly sentence that the queue is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ reports: [], nextCursor: null })),
    );
    await renderWithRouter(
      <StaffReportsScreen
        language="en"
        abilities={staffAbilities(['area_manager'])}
        status="open"
        onStatusChange={() => {}}
      />,
    );
    expect(await screen.findByText('No open reports. Everything is calm.')).toBeTruthy();
  });
});
