import { expect, test } from '@playwright/test';
import { loginErrorMessage, signUpViaApi, strongPassword } from './helpers/accounts';
import { expectNoAxeViolations } from './helpers/axe';
import { expectTextWasShown, watchForText } from './helpers/shown-text';

test.describe('log in and out', () => {
  test('a member logs in, sees the redirect message, logs out and is asked to log in again', async ({
    page,
  }) => {
    const account = await signUpViaApi(page.request);

    await page.goto('/en/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expectNoAxeViolations(page, 'login');

    await page.getByRole('textbox', { name: 'Username or e-mail address' }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await watchForText(page, 'Logged in. Redirecting...');
    await page.getByRole('button', { name: 'Log in' }).click();

    // A new member has not finished setup yet.
    await expect(page).toHaveURL('/en/profile/start');
    await expectTextWasShown(page, 'Logged in. Redirecting...');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Set up your profile' }),
    ).toBeVisible();

    const config = (await (await page.request.get('/config.json')).json()) as {
      authCookieName: string;
    };
    const tokenBefore = (await page.context().cookies()).find(
      (cookie) => cookie.name === config.authCookieName,
    )?.value;
    expect(tokenBefore).toBeTruthy();

    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/en/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByText('You have been logged out.')).toBeVisible();
    await expectNoAxeViolations(page, 'login after logout');
    const cookieNames = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(cookieNames).not.toContain(config.authCookieName);
    expect(cookieNames).not.toContain('community_i18n');
    // The server ended the session: the old token no longer signs anyone in.
    const viewer = await page.request.post('/graphql', {
      data: { query: 'query { viewer { id } }' },
      headers: { Authorization: `Bearer ${tokenBefore}` },
    });
    expect(
      ((await viewer.json()) as { data?: { viewer: unknown } }).data?.viewer ?? null,
    ).toBeNull();

    // The home page now asks to log in, and brings the member back there afterwards.
    await page.goto('/en');
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen/);
    await page.getByRole('textbox', { name: 'Username or e-mail address' }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await watchForText(page, 'Logged in. Redirecting...');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/?$/);
    await expectTextWasShown(page, 'Logged in. Redirecting...');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello!');
    await expectNoAxeViolations(page, 'home');

    // Signed-in visitors of the login page go home.
    await page.goto('/en/login');
    await expect(page).toHaveURL(/\/en\/?$/);
  });

  test('a wrong password shows the server error and keeps the member on the login page', async ({
    page,
  }) => {
    const account = await signUpViaApi(page.request);
    const wrongPassword = strongPassword();
    const serverMessage = await loginErrorMessage(page.request, account.email, wrongPassword);

    await page.goto('/en/login');
    await page.getByRole('textbox', { name: 'Username or e-mail address' }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(wrongPassword);
    await page.getByRole('button', { name: 'Log in' }).click();

    const alert = page.getByRole('alert').filter({ hasText: serverMessage });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL('/en/login');
    await expectNoAxeViolations(page, 'login with error');
  });

  test('a path without language prefix redirects to the browser language, keeping path and query', async ({
    page,
  }) => {
    await page.goto('/login?redirect=%2Fen');
    await expect(page).toHaveURL('/en/login?redirect=%2Fen');
    await page.goto('/fr/login');
    await expect(page.getByText('Page Not Found: /fr/login')).toBeVisible();
    await expectNoAxeViolations(page, 'not found');
  });

  test('an expired auth token is renewed silently with the refresh cookie', async ({ page }) => {
    const account = await signUpViaApi(page.request);
    await page.goto('/en/login');
    await page.getByRole('textbox', { name: 'Username or e-mail address' }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/en/profile/start');

    // Replace the auth cookie with a token whose JWT says it has expired.
    const config = (await (await page.request.get('/config.json')).json()) as {
      authCookieName: string;
    };
    const cookies = await page.context().cookies();
    const authCookie = cookies.find((cookie) => cookie.name === config.authCookieName);
    expect(authCookie).toBeTruthy();
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const expired = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp: Math.floor(Date.now() / 1000) - 60 })}.x`;
    await page.context().addCookies([{ ...authCookie!, value: expired }]);

    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello!');
    const renewed = (await page.context().cookies()).find(
      (cookie) => cookie.name === config.authCookieName,
    );
    expect(renewed?.value).toBeTruthy();
    expect(renewed?.value).not.toBe(expired);
    const payload = JSON.parse(
      Buffer.from(renewed!.value.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { exp: number };
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  test('a token the server refuses counts as signed out', async ({ page, baseURL }) => {
    const config = (await (await page.request.get('/config.json')).json()) as {
      authCookieName: string;
    };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 600 })}.x`;
    await page
      .context()
      .addCookies([{ name: config.authCookieName, value: forged, url: baseURL! }]);

    await page.goto('/en/profile/start');
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fprofile%2Fstart/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    const cookieNames = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(cookieNames).not.toContain(config.authCookieName);
  });

  test('switching the language keeps the page, is remembered, and logout forgets it', async ({
    page,
  }) => {
    const account = await signUpViaApi(page.request);
    await page.goto('/en/login');
    await page.getByRole('textbox', { name: 'Username or e-mail address' }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/en/profile/start');

    const saved = page.waitForResponse((response) =>
      response.url().endsWith('/api/users/preferred-language'),
    );
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Deutsch' })
      .click();
    await expect(page).toHaveURL('/de/profile/start');
    // The choice is also saved on the server for the member.
    expect((await saved).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ihr Profil einrichten' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'profile start in German');
    const languageCookie = (await page.context().cookies()).find(
      (cookie) => cookie.name === 'community_i18n',
    );
    expect(languageCookie?.value).toBe('de');

    // A path without prefix now goes to the saved language.
    await page.goto('/profile/start');
    await expect(page).toHaveURL('/de/profile/start');

    await page.getByRole('link', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL('/de/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    const names = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('community_i18n');
  });
});
