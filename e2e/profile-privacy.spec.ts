import { expect, test } from '@playwright/test';
import { logInThroughPage as logIn, readyMember } from './helpers/members';
import { expectNoAxeViolations } from './helpers/axe';

test.describe('profile privacy', () => {
  test('a detail set to "Only me" is hidden from another member until it is shared with members', async ({
    browser,
    page,
  }) => {
    const owner = await readyMember(page.request, 'Owner');
    const viewer = await readyMember(page.request, 'Viewer');

    // The owner adds their left ear, visible only to them; health data asks for consent first.
    await logIn(page, owner.email, owner.password);
    await page.goto('/en/profile/settings');
    const hearing = page.getByRole('region', { name: 'Your hearing' });
    await hearing
      .getByRole('combobox', { name: 'Left ear', exact: true })
      .selectOption('cochlear-implant');
    await hearing
      .getByRole('combobox', { name: /Who can see this \(Left ear\)/ })
      .selectOption('only_me');
    await hearing.getByRole('button', { name: 'Save: Your hearing' }).click();
    const consent = page.getByRole('dialog', { name: 'May we store your hearing details?' });
    await expect(consent).toBeVisible();
    await expectNoAxeViolations(page, 'health consent dialog');
    const agree = consent.getByRole('button', { name: 'Agree and save' });
    await expect(agree).toBeDisabled();
    await consent
      .getByRole('checkbox', { name: 'I agree that Attune stores my hearing details' })
      .check();
    await agree.click();
    await expect(page.getByText('Your changes were saved.')).toBeVisible();

    // The owner sees it on their own profile, with who may see it.
    await page.goto(`/en/profile/${owner.username}`);
    await expect(page.getByRole('heading', { level: 1, name: owner.nickname })).toBeVisible();
    await expect(
      page.getByText(
        'This is your profile. Some details are visible only to you or your connections.',
      ),
    ).toBeVisible();
    const ownDevices = page.getByRole('region', { name: 'Ears and devices' });
    await expect(ownDevices.getByText('Cochlear implant')).toBeVisible();
    await expect(ownDevices.getByText('Visible to: Only me')).toBeVisible();

    // Another member does not see it.
    const viewerContext = await browser.newContext();
    const viewerPage = await viewerContext.newPage();
    await logIn(viewerPage, viewer.email, viewer.password);
    await viewerPage.goto(`/en/profile/${owner.username}`);
    await expect(viewerPage.getByRole('heading', { level: 1, name: owner.nickname })).toBeVisible();
    await expect(viewerPage.getByText('Member', { exact: true })).toBeVisible();
    await expect(
      viewerPage.getByText(`You are not connected with ${owner.nickname} yet.`),
    ).toBeVisible();
    await expect(viewerPage.getByText('Left ear')).toHaveCount(0);
    await expect(viewerPage.getByText('Cochlear implant')).toHaveCount(0);
    await expectNoAxeViolations(viewerPage, 'profile page');

    // The owner shares it with members; consent was given once and is not asked again.
    await page.goto('/en/profile/settings');
    await page
      .getByRole('region', { name: 'Your hearing' })
      .getByRole('combobox', { name: /Who can see this \(Left ear\)/ })
      .selectOption('members');
    await page
      .getByRole('region', { name: 'Your hearing' })
      .getByRole('button', { name: 'Save: Your hearing' })
      .click();
    await expect(page.getByText('Your changes were saved.')).toBeVisible();

    await viewerPage.reload();
    const devices = viewerPage.getByRole('region', { name: 'Ears and devices' });
    await expect(devices.getByText('Left ear')).toBeVisible();
    await expect(devices.getByText('Cochlear implant')).toBeVisible();
    // Only the owner sees who may see what.
    await expect(viewerPage.getByText(/^Visible to:/)).toHaveCount(0);
    await expectNoAxeViolations(viewerPage, 'profile page with shared details');
    await viewerContext.close();
  });

  test("an unknown member gives the 404 page, 'User ID not found'", async ({ page }) => {
    const member = await readyMember(page.request, 'Visitor');
    await logIn(page, member.email, member.password);
    await page.goto('/en/profile/no-such-member-anywhere');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('User ID not found', { exact: true })).toBeVisible();
  });
});
