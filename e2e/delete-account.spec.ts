import { expect, test, type Page } from '@playwright/test';
import { loginErrorMessage } from './helpers/accounts';
import { readyMember } from './helpers/members';
import { expectNoAxeViolations } from './helpers/axe';

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Username or e-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('delete account', () => {
  test('a member deletes their account after confirming, is logged out and cannot log in again', async ({
    page,
  }) => {
    const member = await readyMember(page.request, 'Leaving');
    await page.goto('/en/login');
    // The cookie notice sits over the lower part of the page until it is read.
    await page
      .getByRole('region', { name: 'Cookies on Attune' })
      .getByRole('button', { name: 'Understood' })
      .click();
    await logIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/en\/?$/);

    await page.goto('/en/profile/settings');
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'delete account dialog');

    // Nothing happens before the member ticks that they understand.
    const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'I understand this cannot be undone' }).check();
    await confirm.click();

    await expect(page.getByText('Your account was deleted.')).toBeVisible();
    await expect(page).toHaveURL('/en/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

    // The settings page now asks to log in; the old credentials no longer work.
    await page.goto('/en/profile/settings');
    await expect(page).toHaveURL(/\/en\/login\?redirect=/);
    const message = await loginErrorMessage(page.request, member.email, member.password);
    await logIn(page, member.email, member.password);
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/login/);
  });
});
