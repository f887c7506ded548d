import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app';
import { applyLanguage } from '../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../test/config';
import { ReportMemberDialog } from './report-member-dialog';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

function renderDialog() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppProviders>
        <ReportMemberDialog open memberId={42} name="Jürgen" onClose={onClose} />
      </AppProviders>
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Report Jürgen' }), onClose };
}

const details = () => screen.getByRole('textbox', { name: /What happened\?/ });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('ReportMemberDialog', () => {
  it('offers every reason in words, and asks for one before sending anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { dialog } = renderDialog();
    const reasons = within(dialog).getByRole('radiogroup', { name: 'What is the problem?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Harassment or bullying',
      'Spam or advertising',
      'A fake account',
      'Offensive or inappropriate content',
      'Misleading health information',
      'Something else',
    ]);
    send();
    await waitFor(() => expect(reasons.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(reasons)).toBe('Please choose what the problem is.');
    expect(document.activeElement).toBe(within(reasons).getAllByRole('radio')[0]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks what happened when the reason is "something else", at the field, and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    expect(describedBy(details())).toContain(
      'Please describe what happened. At most 2000 characters.',
    );
    fireEvent.change(details(), { target: { value: '   ' } });
    send();
    await waitFor(() => expect(details().getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(details())).toBe('Please describe what happened.');
    expect(document.activeElement).toBe(details());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a field at that field, in the member's language", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            code: 'validation_failed',
            message: 'Please describe what happened.',
            data: { status: 400, params: { field: 'details' } },
          },
          400,
        ),
      ),
    );
    await applyLanguage('de');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AppProviders>
          <ReportMemberDialog open memberId={42} name="Jürgen" onClose={() => {}} />
        </AppProviders>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Spam oder Werbung' }));
    fireEvent.click(screen.getByRole('button', { name: 'Meldung senden' }));
    const field = screen.getByRole('textbox', { name: /Was ist passiert\?/ });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(field)).toBe('Bitte beschreiben Sie, was passiert ist.');
    expect(document.activeElement).toBe(field);
  });

  it('tells the member in an alert when the server turns the report away (too many)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { code: 'rate_limited', message: '', data: { status: 429, params: { minutes: 3 } } },
          429,
        ),
      ),
    );
    renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Spam or advertising' }));
    send();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many attempts. Please wait 3 minutes and try again.',
      ),
    );
  });

  it('sends the reason and what happened, then thanks the member with the focus on Close', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ message: 'Thank you. Our team will look at your report.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onClose } = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    fireEvent.change(details(), { target: { value: '  Asked me for money.  ' } });
    send();
    const close = await screen.findByRole('button', { name: 'Close' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    expect(screen.getByRole('status').textContent).toContain(
      'Thank you. Our team will look at your report.',
    );
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/connection/report');
    expect(JSON.parse(String(init.body))).toEqual({
      userId: 42,
      reason: 'other',
      details: 'Asked me for money.',
    });
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalled();
  });

  it('reports a post instead, to its own endpoint, and lets the caller confirm it', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ message: 'Thank you. Our team will look at your report.' }, 201),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSent = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AppProviders>
          <ReportMemberDialog
            open
            memberId={42}
            name="Jürgen"
            post={{ id: 5, title: 'Cheap processors' }}
            onClose={() => {}}
            onSent={onSent}
          />
        </AppProviders>
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Report this post' });
    expect(dialog.textContent).toContain('Tell our team what is wrong with “Cheap processors”.');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    send();
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/posts/5/report');
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'spam' });
    // The caller confirms (a snackbar): no thank-you inside the dialog.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
