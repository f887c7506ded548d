import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { RegisterFlow } from './register-flow';

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

type Answer = { body: unknown; status?: number } | Error;

/** A fetch stub answering each REST path from a queue of answers. */
function stubApi(answers: Record<string, Answer[]>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = String(input).replace(/^\/api\//, '');
    const answer = answers[path]?.shift();
    if (!answer) throw new Error(`unexpected call to ${String(input)}`);
    if (answer instanceof Error) throw answer;
    return jsonResponse(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const error = (code: string, message: string, status = 400) => ({
  body: { code, message, data: { status } },
  status,
});

async function enterEmail(email: string, button = 'Send code') {
  fireEvent.change(screen.getByRole('textbox', { name: /E-mail|Correo/ }), {
    target: { value: email },
  });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe('RegisterFlow', () => {
  it("shows the spec's fallback when sending the code fails without a message", async () => {
    stubApi({ send2facode: [new TypeError('offline')] });
    await renderWithRouter(<RegisterFlow language="en" type="regular" />);
    await enterEmail('member@example.com');
    expect(await screen.findByText('Error while creating an account')).toBeTruthy();
  });

  it('shows the translated fallback in Spanish', async () => {
    await applyLanguage('es');
    stubApi({ send2facode: [new TypeError('offline')] });
    await renderWithRouter(<RegisterFlow language="es" type="regular" />, 'es');
    await enterEmail('member@example.com', 'Enviar código');
    expect(await screen.findByText('Error al crear la cuenta')).toBeTruthy();
  });

  it('walks through code and password, showing server messages and the register failure text', async () => {
    const fetchMock = stubApi({
      send2facode: [{ body: { message: 'Code sent' } }],
      validate2facode: [
        error('code_invalid', 'This code is not right. 4 tries left.'),
        { body: { message: 'Code valid', nonce: 'n1' } },
      ],
      registeruser: [error('password_too_common', 'Password too common')],
    });
    await renderWithRouter(<RegisterFlow language="en" type="medel" />);
    await enterEmail('Staff@Example.com ');

    const group = await screen.findByRole('group', { name: '6-digit code' });
    expect(screen.getByText(/We sent a 6-digit code to staff@example.com/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Digit 1 of 6' }), {
      target: { value: '123456' },
    });
    expect(group).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByText('This code is not right. 4 tries left.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    const password = await screen.findByLabelText(/^Password/, { selector: 'input' });
    fireEvent.change(password, { target: { value: 'a-long-password' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the password/, { selector: 'input' }), {
      target: { value: 'a-long-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(await screen.findByText('Register failed. Try again.')).toBeTruthy();
    expect(alert.textContent).toContain('This password is too common and easy to guess.');

    const register = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/registeruser'));
    expect(JSON.parse(String(register?.[1]?.body))).toEqual({
      email: 'staff@example.com',
      password: 'a-long-password',
      type: 'medel',
    });
    expect(register?.[1]?.headers).toMatchObject({ Authorization: 'Bearer register-token' });
    const validate = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/validate2facode'));
    expect(JSON.parse(String(validate?.[1]?.body))).toEqual({
      email: 'staff@example.com',
      code: '123456',
      is_reset_password: false,
    });
  });

  it('checks the two passwords match before calling the server', async () => {
    const fetchMock = stubApi({
      send2facode: [{ body: { message: 'Code sent' } }],
      validate2facode: [{ body: { message: 'Code valid', nonce: 'n1' } }],
    });
    await renderWithRouter(<RegisterFlow language="en" type="regular" />);
    await enterEmail('member@example.com');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }), {
      target: { value: '654321' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    fireEvent.change(await screen.findByLabelText(/^Password/, { selector: 'input' }), {
      target: { value: 'a-long-password' },
    });
    fireEvent.change(screen.getByLabelText(/^Repeat the password/, { selector: 'input' }), {
      target: { value: 'another-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
