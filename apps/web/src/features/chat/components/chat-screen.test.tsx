import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, InboxOutput, ServerEvent, ThreadOutput } from '@attune/contract';
import { applyLanguage } from '../../../lib/i18n';
import { setWebSocketFactory, startLive, stopLive } from '../../../lib/live-socket';
import {
  ana,
  messageFixture,
  threadFixture,
  threadPage,
  VIEWER_ID,
} from '../../../test/chat-fixtures';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { ChatScreen } from './chat-screen';

/** The browser's WebSocket played by the test: it accepts, and the test sends server events. */
class FakeSocket {
  static latest: FakeSocket | null = null;
  readyState = 0;
  sent: unknown[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeSocket.latest = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  receive(event: ServerEvent) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
  setWebSocketFactory(() => new FakeSocket() as unknown as WebSocket);
  startLive();
  FakeSocket.latest!.readyState = 1;
  FakeSocket.latest!.receive({ type: 'ready', userId: VIEWER_ID });
});

afterEach(() => {
  stopLive();
  setWebSocketFactory(null);
});

const server = () => FakeSocket.latest!;

/** The server: one conversation with Ana (history given), the inbox, read and send. */
function serve(history: ChatMessage[], thread: Partial<ThreadOutput> = {}) {
  const inbox = (): InboxOutput => ({
    items: [threadFixture({ lastMessage: history.at(-1) ?? null, unreadCount: 2 })],
    nextCursor: null,
    totalUnread: 2,
  });
  const fetchMock = vi.fn(async (address: string, init?: RequestInit) => {
    const url = new URL(address, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/messages' && method === 'GET') return jsonResponse(inbox());
    if (url.pathname === '/api/messages/3' && method === 'GET')
      return jsonResponse(threadPage(history, thread));
    if (url.pathname === '/api/messages/3/read')
      return jsonResponse({ threadId: 3, lastReadMessageId: 99, totalUnread: 0 });
    if (url.pathname === '/api/social/messages') return jsonResponse({ thread_id: 3, id: 50 }, 201);
    return jsonResponse({ code: 'not_found', message: 'No.', data: { status: 404 } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (path: string) =>
    fetchMock.mock.calls.filter(
      ([address]) => new URL(address, 'http://localhost').pathname === path,
    );
  return Object.assign(fetchMock, { calls });
}

const renderChat = (threadId?: number) =>
  renderWithRouter(
    <ChatScreen
      language="en"
      viewerId={VIEWER_ID}
      threadId={threadId}
      onStarted={vi.fn()}
      onClosed={vi.fn()}
    />,
  );

describe('ChatScreen', () => {
  it('lists conversations with who, the last message and the unread count in words', async () => {
    serve([messageFixture({ id: 1, text: 'Hello from Ana' })]);
    await renderChat();
    const link = await screen.findByRole('link', { name: /Ana/ });
    expect(link.textContent).toContain('Hello from Ana');
    expect(within(link).getByText('2 unread')).toBeTruthy();
    expect(screen.getByText('Choose a conversation from the list to read it here.')).toBeTruthy();
  });

  it('opens a conversation oldest first, mine labelled "You", automatic responses said, and marks it read', async () => {
    const fetchMock = serve(
      [
        messageFixture({ id: 1, text: 'Hi there' }),
        messageFixture({ id: 2, senderId: VIEWER_ID, text: 'Hello Ana' }),
        messageFixture({ id: 3, text: 'I am away this week.', automatic: true }),
      ],
      { thread: threadFixture({ unreadCount: 2 }) },
    );
    await renderChat(3);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Ana' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const items = within(screen.getByRole('region', { name: 'Messages with Ana' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Ana.*Hi there$/),
      expect.stringMatching(/^You.*Hello Ana$/),
      expect.stringMatching(/^Ana.*Automatic response.*I am away this week\.$/),
    ]);
    await waitFor(() => expect(fetchMock.calls('/api/messages/3/read')).toHaveLength(1));
  });

  it('takes live messages in (once), announces them, marks them read, and shows "Seen" and typing', async () => {
    const fetchMock = serve([messageFixture({ id: 1, senderId: VIEWER_ID, text: 'Hello Ana' })], {
      thread: threadFixture({ unreadCount: 0 }),
    });
    await renderChat(3);
    await screen.findByText('Hello Ana');
    expect(fetchMock.calls('/api/messages/3/read')).toHaveLength(0);

    act(() => server().receive({ type: 'typing', threadId: 3, member: ana }));
    expect(screen.getByText('Ana is typing…')).toBeTruthy();

    const incoming = messageFixture({ id: 2, text: 'Hi! Nice to hear from you.' });
    act(() => server().receive({ type: 'message.new', threadId: 3, message: incoming }));
    act(() => server().receive({ type: 'message.new', threadId: 3, message: incoming }));
    await waitFor(() => expect(screen.getAllByText('Hi! Nice to hear from you.')).toHaveLength(1));
    expect(screen.queryByText('Ana is typing…')).toBeNull();
    expect(screen.getByText('New message from Ana: Hi! Nice to hear from you.')).toBeTruthy();
    await waitFor(() => expect(fetchMock.calls('/api/messages/3/read')).toHaveLength(1));

    expect(screen.queryByText('Seen')).toBeNull();
    act(() =>
      server().receive({ type: 'message.read', threadId: 3, userId: ana.id, lastReadMessageId: 2 }),
    );
    expect(await screen.findByText('Seen')).toBeTruthy();
  });

  it('shows my message as "Sending…" until the server took it, and sends typing at most every 3 s', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = serve([messageFixture({ id: 1, text: 'Hi there' })]);
    const serveRest = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (address: string, init?: RequestInit) =>
      address.endsWith('/social/messages')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : serveRest(address, init),
    );
    await renderChat(3);
    const field = await screen.findByRole('textbox', { name: 'Your message' });
    fireEvent.change(field, { target: { value: 'T' } });
    fireEvent.change(field, { target: { value: 'Th' } });
    fireEvent.change(field, { target: { value: 'Thanks!' } });
    expect(server().sent.filter((frame) => (frame as { type: string }).type === 'typing')).toEqual([
      { type: 'typing', threadId: 3 },
    ]);

    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('Sending…')).toBeTruthy();
    const body = JSON.parse(String(fetchMock.calls('/api/social/messages')[0]![1]!.body)) as object;
    expect(body).toMatchObject({ thread_id: 3, message: 'Thanks!' });

    await act(async () => answer(jsonResponse({ thread_id: 3, id: 50 }, 201)));
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.getByText('Thanks!')).toBeTruthy();
  });

  it('says why when the member may not write in a conversation', async () => {
    serve([messageFixture({ id: 1 })], { thread: threadFixture({ canReply: false }) });
    await renderChat(3);
    expect(
      await screen.findByText(/You cannot write in this conversation at the moment\./),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
  });

  it('loads earlier messages on demand, above the ones shown', async () => {
    const fetchMock = serve([messageFixture({ id: 40, text: 'The newest' })], {
      nextCursor: 'older',
    });
    const serveRest = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (address: string, init?: RequestInit) =>
      address.includes('cursor=older')
        ? jsonResponse(threadPage([messageFixture({ id: 10, text: 'An older one' })]))
        : serveRest(address, init),
    );
    await renderChat(3);
    await screen.findByText('The newest');
    fireEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('An older one');
    const texts = within(screen.getByRole('region', { name: 'Messages with Ana' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts).toEqual([
      expect.stringContaining('An older one'),
      expect.stringContaining('The newest'),
    ]);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('deletes a conversation for the member after asking, then closes it', async () => {
    const fetchMock = serve([messageFixture({ id: 1 })]);
    const serveRest = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (address: string, init?: RequestInit) =>
      init?.method === 'DELETE' ? jsonResponse({ message: 'Deleted.' }) : serveRest(address, init),
    );
    const onClosed = vi.fn();
    await renderWithRouter(
      <ChatScreen
        language="en"
        viewerId={VIEWER_ID}
        threadId={3}
        onStarted={vi.fn()}
        onClosed={onClosed}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(fetchMock.calls('/api/messages/3').some(([, init]) => init?.method === 'DELETE')).toBe(
      true,
    );
    expect(await screen.findByText('The conversation was deleted from your list.')).toBeTruthy();
  });
});
