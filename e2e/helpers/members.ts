import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LOGIN_MUTATION } from '@attune/contract';
import { signUpViaApi } from './accounts';

/**
 * A new member whose setup is done (so member pages open without onboarding), with a unique
 * nickname starting with `prefix`, their id, username and auth token.
 */
export async function readyMember(request: APIRequestContext, prefix = 'Member') {
  const account = await signUpViaApi(request);
  const login = await request.post('/graphql', {
    data: {
      query: LOGIN_MUTATION,
      variables: { input: { username: account.email, password: account.password } },
    },
  });
  const token = ((await login.json()) as { data: { login: { authToken: string } } }).data.login
    .authToken;
  const headers = { Authorization: `Bearer ${token}` };
  const nickname = `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
  const saved = await request.put('/api/update-profile', {
    data: { nickname, completedSetup: 'yes' },
    headers,
  });
  expect(saved.ok()).toBe(true);
  const me = (await (await request.get('/api/fetch-user', { headers })).json()) as {
    id: number;
    username: string;
  };
  return { ...account, id: me.id, nickname, username: me.username, token };
}

/** Logs in through the English login page, after reading the cookie notice, and waits for home. */
export async function logInThroughPage(page: Page, email: string, password: string) {
  await page.goto('/en/login');
  // The cookie notice sits over the lower part of the page until it is read.
  await page
    .getByRole('region', { name: 'Cookies on Attune' })
    .getByRole('button', { name: 'Understood' })
    .click();
  await page.getByRole('textbox', { name: 'Username or e-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/?$/);
}
