import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { LoginForm } from './login-form';

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

async function submit(username: string, password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /Username or e-mail address/ }), {
    target: { value: username },
  });
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  const wrongLogin = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        jsonResponse({
          data: null,
          errors: [
            {
              message: 'The username or password is not correct.',
              extensions: { code: 'login_failed', status: 401, params: {} },
            },
          ],
        }),
      ),
    );

  it("shows the text of the first GraphQL error's code", async () => {
    wrongLogin();
    await renderWithRouter(<LoginForm language="en" />);
    await submit('member@example.com', 'wrong-password');
    expect(await screen.findByText('The username or password is not correct.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The username or password is not correct.');
  });

  it('shows a wrong login in German and Spanish, with no English', async () => {
    const cases = [
      [
        'de',
        /Benutzername/,
        /^Passwort/,
        'Anmelden',
        'Der Benutzername oder das Passwort ist nicht richtig.',
      ],
      [
        'es',
        /Nombre de usuario/,
        /^Contraseña/,
        'Iniciar sesión',
        'El nombre de usuario o la contraseña no son correctos.',
      ],
    ] as const;
    for (const [language, username, password, button, text] of cases) {
      await applyLanguage(language);
      wrongLogin();
      const { unmount } = await renderWithRouter(<LoginForm language={language} />, language);
      fireEvent.change(screen.getByRole('textbox', { name: username }), {
        target: { value: 'member@example.com' },
      });
      fireEvent.change(screen.getByLabelText(password, { selector: 'input' }), {
        target: { value: 'wrong-password' },
      });
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(text);
      unmount();
    }
  });

  it("shows the spec's fallback when the server gives no message", async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    await renderWithRouter(<LoginForm language="en" />);
    await submit('member@example.com', 'any-password');
    expect(await screen.findByText('Login failed. Try again.')).toBeTruthy();
  });

  it('shows the translated fallback in German', async () => {
    await applyLanguage('de');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    await renderWithRouter(<LoginForm language="de" />, 'de');
    fireEvent.change(screen.getByRole('textbox', { name: /Benutzername oder E-Mail-Adresse/ }), {
      target: { value: 'member@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/^Passwort/, { selector: 'input' }), {
      target: { value: 'any-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(
      await screen.findByText('Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.'),
    ).toBeTruthy();
  });

  it('asks for both fields before calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<LoginForm language="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your username or e-mail address.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });

  it('goes on to the next page as soon as the login succeeded, with no fixed pause', async () => {
    const user = {
      id: 'dXNlcjox',
      databaseId: 1,
      nickname: 'Sam',
      username: 'sam',
      jwtAuthExpiration: String(Math.floor(Date.now() / 1000) + 3600),
      capabilities: [],
      email: 'sam@example.com',
      roles: ['member'],
      avatar: { url: null },
      completedSetup: true,
      extendedProfile: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) =>
        String(input).includes('graphql')
          ? jsonResponse({
              data: {
                login: { authToken: 'a.b.c', refreshToken: 'r', clientMutationId: null, user },
              },
            })
          : jsonResponse({ message: 'ok' }),
      ),
    );
    await renderWithRouter(<LoginForm language="en" />);
    // The navigation starts at once, after no pause of its own. The pause is looked for among
    // the timers our code sets, not measured by the clock: a busy machine can take longer than any
    // pause a member would notice. (Timers the libraries set, like waitFor's own, are left out.)
    const ownDelays: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      handler: () => void,
      delay?: number,
      ...rest: unknown[]
    ) => {
      const caller = (new Error().stack ?? '')
        .split('\n')
        .slice(1)
        .find((frame) => !frame.includes('login-form.test') && !frame.includes('@vitest/spy'));
      if (caller && !caller.includes('node_modules')) ownDelays.push(delay ?? 0);
      return realSetTimeout(handler, delay, ...rest);
    }) as typeof setTimeout);
    await submit('sam@example.com', 'right-password');
    // "Logged in. Redirecting..." stays while the next page loads (in the app, the router keeps
    // this page until then).
    await waitFor(() => expect(screen.getByTestId('navigated')).toBeTruthy(), { timeout: 5000 });
    expect(ownDelays.filter((delay) => delay > 100)).toEqual([]);
  });
});
