import { expect, test } from '@playwright/test';
import { signUpViaApi, strongPassword } from './helpers/accounts';
import { expectNoAxeViolations } from './helpers/axe';
import { expectTextWasShown, watchForText } from './helpers/shown-text';
import { latestMailMarker, readCodeFromMail } from './helpers/mail';

test.describe('recover password', () => {
  test('a member resets a forgotten password and logs in with the new one', async ({ page }) => {
    const account = await signUpViaApi(page.request);
    const newPassword = strongPassword();

    await page.goto('/en/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/en/login/recover');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'recover e-mail step');

    const before = await latestMailMarker(page.request, account.email);
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(account.email);
    await page.getByRole('button', { name: 'Send code' }).click();

    const codeGroup = page.getByRole('group', { name: '6-digit code' });
    await expect(codeGroup).toBeVisible();
    await expectNoAxeViolations(page, 'recover code step');
    const code = await readCodeFromMail(page.request, account.email, before);
    await codeGroup.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
    await page.getByRole('button', { name: 'Confirm code' }).click();

    const passwordField = page.getByRole('textbox', { name: 'New password', exact: true });
    await expect(passwordField).toBeVisible();
    await expectNoAxeViolations(page, 'recover password step');
    await passwordField.fill(newPassword);
    await page.getByRole('textbox', { name: 'Repeat the password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save the new password' }).click();

    await expect(
      page.getByRole('heading', { name: 'Your password has been changed' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'recover done');

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/en/login');
    const username = page.getByRole('textbox', { name: 'Username or e-mail address' });
    await expect(username).toHaveValue(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await watchForText(page, 'Logged in. Redirecting...');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/en/profile/start');
    await expectTextWasShown(page, 'Logged in. Redirecting...');
  });
});
