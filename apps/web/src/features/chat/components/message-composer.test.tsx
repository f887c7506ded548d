import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { ApiError } from '../../../lib/rest-client';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import type { Draft } from '../hooks/use-outbox';
import { MessageComposer } from './message-composer';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const field = () => screen.getByRole('textbox', { name: 'Your message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

/** A send the test settles by hand. */
function deferredSend() {
  let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const onSend = vi.fn(
    (_draft: Draft) =>
      new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return { onSend, settle: () => settle! };
}

describe('MessageComposer', () => {
  it('keeps Send disabled while there is nothing to send, and says how Enter works', async () => {
    await renderWithRouter(<MessageComposer onSend={vi.fn()} />);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field(), { target: { value: '   ' } });
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field(), { target: { value: 'Hallo' } });
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
    expect(
      screen.getByText('Enter sends the message. Shift + Enter starts a new line.'),
    ).toBeTruthy();
  });

  it('sends with Enter (the text, trimmed, with a client id) and clears the field; Shift+Enter does not send', async () => {
    const { onSend } = deferredSend();
    await renderWithRouter(<MessageComposer onSend={onSend} />);
    fireEvent.change(field(), { target: { value: 'Hello Ana ' } });
    fireEvent.keyDown(field(), { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledTimes(1);
    const draft = onSend.mock.calls[0]![0];
    expect(draft.text).toBe('Hello Ana');
    expect(draft.image).toBeNull();
    expect(draft.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect((field() as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(field());
  });

  it('puts a message that failed back in the field with the reason, and a retry keeps its client id', async () => {
    const { onSend, settle } = deferredSend();
    await renderWithRouter(<MessageComposer onSend={onSend} />);
    fireEvent.change(field(), { target: { value: 'Are you coming on Friday?' } });
    fireEvent.click(sendButton());
    await act(async () => {
      settle().reject(
        new ApiError('messages_not_accepted', 403, 'This member only receives messages…'),
      );
    });

    expect((field() as HTMLTextAreaElement).value).toBe('Are you coming on Friday?');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This member only receives messages from people they chose, for example their connections. Send them a connection request first.',
    );

    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(onSend.mock.calls[1]![0].clientId).toBe(onSend.mock.calls[0]![0].clientId);
    await act(async () => settle().resolve());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(''));

    // A new message is a new message: a new client id.
    fireEvent.change(field(), { target: { value: 'See you then' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onSend.mock.calls[2]![0].clientId).not.toBe(onSend.mock.calls[0]![0].clientId);
  });

  it('says a lost connection in its own words', async () => {
    const { onSend, settle } = deferredSend();
    await renderWithRouter(<MessageComposer onSend={onSend} />);
    fireEvent.change(field(), { target: { value: 'Hi' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    await act(async () => settle().reject(new ApiError('network_error', 0, '')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your message could not be sent. It is still in the field; please try again.',
    );
  });

  it('uploads an image through /api/media at once, and sends it even without text', async () => {
    const fetchMock = vi.fn(async (_address: string) =>
      jsonResponse({ url: '/media/posts/7/abc_123.webp', width: 800, height: 600 }, 201),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onSend } = deferredSend();
    await renderWithRouter(<MessageComposer onSend={onSend} />);
    const file = new File(['image'], 'garden.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Add an image'), { target: { files: [file] } });

    expect(await screen.findByRole('img', { name: 'The image you are adding' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/media');
    expect(screen.getByRole('button', { name: 'Choose another image' })).toBeTruthy();
    fireEvent.click(sendButton());
    expect(onSend.mock.calls[0]![0]).toMatchObject({
      text: '',
      image: { url: '/media/posts/7/abc_123.webp', width: 800, height: 600 },
    });
    expect(screen.queryByRole('img', { name: 'The image you are adding' })).toBeNull();
  });
});
