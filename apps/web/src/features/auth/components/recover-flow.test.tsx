import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { RecoverFlow } from './recover-flow';

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const TOO_COMMON_EN = 'This password is too common and easy to guess. Please choose another one.';

/** The server's answers, one per call, in the order the flow makes them. */
function stubRecovery(
  reset: { body: unknown; status: number },
  recover: object = { message: 'If an account exists, we sent a code.' },
) {
  const answers: Record<string, { body: unknown; status?: number }> = {
    recoverpassword: { body: recover },
    validate2facode: { body: { message: 'The code is correct.', nonce: 'n1' } },
    resetpassword: reset,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const answer = answers[String(input).replace(/^\/api\//, '')];
      if (!answer) throw new Error(`unexpected call to ${String(input)}`);
      return jsonResponse(answer.body, answer.status ?? 200);
    }),
  );
}

const tooCommon = {
  body: {
    code: 'password_too_common',
    message: TOO_COMMON_EN,
    data: { status: 400, params: {} },
  },
  status: 400,
};

interface Labels {
  email: RegExp;
  sendCode: string;
  digit: RegExp;
  confirmCode: string;
  password: RegExp;
  repeat: RegExp;
  save: string;
}

const english: Labels = {
  email: /^E-mail address/,
  sendCode: 'Send code',
  digit: /^Digit 1/,
  confirmCode: 'Confirm code',
  password: /^New password[\s*]*$/,
  repeat: /^Repeat the password/,
  save: 'Save the new password',
};

const german: Labels = {
  email: /^E-Mail-Adresse/,
  sendCode: 'Code senden',
  digit: /^Ziffer 1/,
  confirmCode: 'Code bestätigen',
  password: /^Neues Passwort[\s*]*$/,
  repeat: /^Passwort wiederholen/,
  save: 'Neues Passwort speichern',
};

async function tryNewPassword(labels: Labels, password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: labels.email }), {
    target: { value: 'member@example.com' },
  });
  fireEvent.click(screen.getByRole('button', { name: labels.sendCode }));
  fireEvent.change(await screen.findByRole('textbox', { name: labels.digit }), {
    target: { value: '123456' },
  });
  fireEvent.click(screen.getByRole('button', { name: labels.confirmCode }));
  const field = (await screen.findByLabelText(labels.password, {
    selector: 'input',
  })) as HTMLInputElement;
  fireEvent.change(field, { target: { value: password } });
  fireEvent.change(screen.getByLabelText(labels.repeat, { selector: 'input' }), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole('button', { name: labels.save }));
  return field;
}

async function refusedAtField(labels: Labels, password: string) {
  const field = await tryNewPassword(labels, password);
  await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  return field;
}

describe('RecoverFlow', () => {
  it('tells the newer password rules at the field too (repeated characters)', async () => {
    stubRecovery({
      body: {
        code: 'password_too_simple',
        message: 'Too simple.',
        data: { status: 400, params: {} },
      },
      status: 400,
    });
    await renderWithRouter(<RecoverFlow language="en" />);
    const field = await refusedAtField(english, 'abababab');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This password is too easy to guess: it repeats the same few characters. Please choose another one.',
    );
  });

  it('moves on to the code step and says when the mail is delayed', async () => {
    stubRecovery(tooCommon, {
      message: 'If an account exists, we sent a code.',
      notice: 'mail_delayed',
    });
    await renderWithRouter(<RecoverFlow language="en" />);
    fireEvent.change(screen.getByRole('textbox', { name: english.email }), {
      target: { value: 'member@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: english.sendCode }));
    expect(await screen.findByRole('textbox', { name: english.digit })).toBeTruthy();
    expect(
      screen.getByText(
        'We could not send the e-mail yet. It will arrive a little later; please check your inbox again in a few minutes.',
      ),
    ).toBeTruthy();
  });

  it('says a refused new password once, at the field, and moves the focus there', async () => {
    stubRecovery(tooCommon);
    await renderWithRouter(<RecoverFlow language="en" />);
    const field = await refusedAtField(english, 'password123');
    expect(screen.getAllByText(TOO_COMMON_EN)).toHaveLength(1);
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      TOO_COMMON_EN,
    );
    expect(document.activeElement).toBe(field);
  });

  it('says it in German only, with no English sentence before it', async () => {
    await applyLanguage('de');
    stubRecovery(tooCommon);
    await renderWithRouter(<RecoverFlow language="de" />, 'de');
    const field = await refusedAtField(german, 'password123');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Dieses Passwort ist sehr verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
    );
    expect(document.body.textContent).not.toContain('too common');
  });

  it("tells other refusals above the form in the member's language", async () => {
    await applyLanguage('de');
    stubRecovery({
      body: {
        code: 'reset_data_invalid',
        message: 'Reset data or code invalid',
        data: { status: 400, params: {} },
      },
      status: 400,
    });
    await renderWithRouter(<RecoverFlow language="de" />, 'de');
    await tryNewPassword(german, 'a-long-passphrase');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Daten zum Zurücksetzen oder Code ungültig',
      ),
    );
  });
});
