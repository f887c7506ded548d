import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { settled } from './helpers/settled';
import { logInThroughPage, readyMember } from './helpers/members';

/**
 * Step 6, member safety: Ana reports Ben (the form asks what happened when the reason is
 * "something else"), blocks him (his profile is gone; he is listed under Blocked members in her
 * settings), unblocks him, and lets nobody send her requests; Cara's Connect, in German, is then
 * refused with the reason in words. Every dialog and screen state passes axe.
 */

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughPage(page, email, password);
  return page;
}

/** The dialog with this name, once it has faded in. */
async function openedDialog(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await settled(dialog);
  return dialog;
}

const profileUrl = (language: string, nickname: string) =>
  `/${language}/profile/${encodeURIComponent(nickname)}`;

test('a member reports and blocks another, unblocks them, and turns connection requests off', async ({
  browser,
  request,
}) => {
  const [ana, ben, cara] = await Promise.all([
    readyMember(request, 'Ana'),
    readyMember(request, 'Ben'),
    readyMember(request, 'Cara'),
  ]);
  const page = await signedInPage(browser, ana.email, ana.password);

  await page.goto(profileUrl('en', ben.nickname));
  const actions = page.getByRole('group', { name: `Block or report ${ben.nickname}` });
  await expect(actions).toBeVisible();
  await expectNoAxeViolations(page, 'profile with safety actions');

  // Report: "something else" needs a few words.
  const reportButton = actions.getByRole('button', { name: `Report ${ben.nickname}` });
  await reportButton.click();
  const report = await openedDialog(page, `Report ${ben.nickname}`);
  await expectNoAxeViolations(page, 'report dialog');
  await report.getByRole('radio', { name: 'Something else' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  const details = report.getByRole('textbox', { name: 'What happened?' });
  await expect(details).toBeFocused();
  await expect(details).toHaveAttribute('aria-invalid', 'true');
  await expect(details).toHaveAccessibleDescription('Please describe what happened.');
  await settled(report);
  await expectNoAxeViolations(page, 'report dialog, details missing');
  await details.fill('He keeps asking me for money.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByRole('status')).toContainText(
    'Thank you. Our team will look at your report.',
  );
  const close = report.getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  await settled(report);
  await expectNoAxeViolations(page, 'report dialog, sent');
  await close.click();
  await expect(report).toBeHidden();
  await expect(reportButton).toBeFocused();

  // Block: the dialog says what happens; then the profile is gone for Ana.
  await actions.getByRole('button', { name: `Block ${ben.nickname}` }).click();
  const block = await openedDialog(page, `Block ${ben.nickname}?`);
  await expect(block).toContainText('If you are connected, the connection ends.');
  await expectNoAxeViolations(page, 'block dialog');
  await block.getByRole('button', { name: `Block ${ben.nickname}` }).click();
  await expect(page).toHaveURL(/\/en\/connections$/);
  await expect(page.getByText(`You blocked ${ben.nickname}.`)).toBeVisible();
  // The page Ana arrives on holds the focus on its heading, so a screen reader says where she is.
  await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeFocused();
  await expectNoAxeViolations(page, 'connections, after a block');

  await page.goto(profileUrl('en', ben.nickname));
  await expect(page.getByText('User ID not found')).toBeVisible();
  await expect(page.getByRole('group', { name: `Block or report ${ben.nickname}` })).toHaveCount(0);

  // Settings: Ben is listed under Blocked members; unblocking him leaves the list empty.
  await page.goto('/en/profile/settings');
  const blocked = page.getByRole('region', { name: 'Blocked members' });
  await expect(blocked.getByRole('listitem')).toHaveCount(1);
  await expect(blocked.getByRole('listitem')).toContainText(ben.nickname);
  await expectNoAxeViolations(page, 'settings, one blocked member');
  await blocked.getByRole('button', { name: `Unblock ${ben.nickname}` }).click();
  await expect(page.getByText(`You unblocked ${ben.nickname}.`)).toBeVisible();
  await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
  await expect(blocked.getByRole('heading', { name: 'Blocked members' })).toBeFocused();
  await page.goto(profileUrl('en', ben.nickname));
  await expect(page.getByRole('heading', { level: 1, name: ben.nickname })).toBeVisible();

  // Nobody may send Ana requests now.
  await page.goto('/en/profile/settings');
  const requests = page.getByRole('region', { name: 'Connection requests' });
  await expect(requests.getByRole('radio', { name: 'Everyone' })).toBeChecked();
  await requests.getByRole('radio', { name: 'Nobody' }).check();
  await requests.getByRole('button', { name: 'Save: Connection requests' }).click();
  await expect(requests.getByText(/^Saved at /)).toBeVisible();
  await expectNoAxeViolations(page, 'settings, requests set to nobody');

  // Cara, in German, is refused with the reason beside the button.
  const carasPage = await signedInPage(browser, cara.email, cara.password);
  await carasPage.goto(profileUrl('de', ana.nickname));
  await carasPage.getByRole('button', { name: `Mit ${ana.nickname} verbinden` }).click();
  await expect(carasPage.getByRole('alert').filter({ hasText: 'Kontaktanfragen' })).toHaveText(
    'Dieses Mitglied nimmt derzeit keine Kontaktanfragen an.',
  );
  await expect(
    carasPage.getByRole('group', { name: `${ana.nickname} blockieren oder melden` }),
  ).toBeVisible();
  await expectNoAxeViolations(carasPage, 'profile, request refused (de)');
});
