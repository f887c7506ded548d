import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { logInThroughPage as logIn, readyMember } from './helpers/members';
import { expectNoAxeViolations } from './helpers/axe';

/** A 240 × 160 PNG drawn in the page, so the test needs no image file. */
async function makePng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 160;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1b5e20';
    context.fillRect(0, 0, 240, 160);
    context.fillStyle = '#ffd54f';
    context.beginPath();
    context.arc(120, 80, 50, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

test.describe('profile settings', () => {
  test('a change persists after reload, the page passes axe', async ({ page }) => {
    const member = await readyMember(page.request);
    await logIn(page, member.email, member.password);
    await page.goto('/en/profile/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
    await expectNoAxeViolations(page, 'profile settings');

    const about = page.getByRole('region', { name: 'About you' });
    const headline = `Learning to enjoy concerts ${Date.now()}`;
    await about.getByRole('textbox', { name: 'Headline' }).fill(headline);
    await about.getByRole('textbox', { name: 'Year of birth' }).fill('1961');
    await about
      .getByRole('combobox', { name: /Who can see this \(Year of birth\)/ })
      .selectOption('only_me');
    await about.getByRole('button', { name: 'Save: About you' }).click();
    await expect(page.getByText('Your changes were saved.')).toBeVisible();
    // The confirmation also stays next to the button, for anyone who missed the snackbar.
    await expect(about.getByText(/^Saved at /)).toBeVisible();

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'About you' });
    await expect(reloaded.getByRole('textbox', { name: 'Headline' })).toHaveValue(headline);
    await expect(reloaded.getByRole('textbox', { name: 'Year of birth' })).toHaveValue('1961');
    await expect(
      reloaded.getByRole('combobox', { name: /Who can see this \(Year of birth\)/ }),
    ).toHaveValue('only_me');
  });

  test('the nickname is checked as the member types', async ({ page }) => {
    const member = await readyMember(page.request);
    await logIn(page, member.email, member.password);
    await page.goto('/en/profile/settings');
    const nickname = page.getByRole('textbox', { name: 'Display name' });
    // A demo member's name is taken; one's own name counts as free.
    await nickname.fill('Maria Member');
    await expect(
      page.getByText('This name is already taken. Please choose another one.'),
    ).toBeVisible();
    await nickname.fill(`Fresh ${Date.now()}`);
    await expect(page.getByText('This name is available.')).toBeVisible();
  });

  test('an uploaded avatar is cropped, previewed and then shown', async ({ page }) => {
    const member = await readyMember(page.request);
    await logIn(page, member.email, member.password);
    await page.goto('/en/profile/settings');
    const section = page.getByRole('region', { name: 'Profile picture' });
    const current = section.getByRole('img', { name: `Profile picture of ${member.nickname}` });
    await expect(current).toHaveCount(0); // no picture yet: the initial letter is shown

    await section.getByTestId('avatar-file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await makePng(page),
    });
    const dialog = page.getByRole('dialog', { name: 'Choose the part to show' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'avatar crop dialog');
    await dialog.getByRole('button', { name: 'Use this part' }).click();
    await expect(
      section.getByRole('img', { name: 'Preview of your new profile picture' }),
    ).toBeVisible();
    await section.getByRole('button', { name: 'Save this picture' }).click();
    await expect(page.getByText('Your new profile picture was saved.')).toBeVisible();
    await expect(current).toHaveAttribute('src', /\/media\//);

    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Profile picture' })
        .getByRole('img', { name: `Profile picture of ${member.nickname}` }),
    ).toHaveAttribute('src', /\/media\//);
  });

  test('a file that is not a picture is refused before upload', async ({ page }) => {
    const member = await readyMember(page.request);
    await logIn(page, member.email, member.password);
    await page.goto('/en/profile/settings');
    const section = page.getByRole('region', { name: 'Profile picture' });
    await section.getByTestId('avatar-file').setInputFiles({
      name: 'drawing.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(section.getByRole('alert')).toHaveText(
      'This file is not a JPEG, PNG or WebP picture. Please choose another one.',
    );
  });

  test('a notification switch persists', async ({ page }) => {
    const member = await readyMember(page.request);
    await logIn(page, member.email, member.password);
    await page.goto('/en/profile/settings');
    const section = page.getByRole('region', { name: 'E-mail notifications' });
    const digest = section.getByRole('switch', { name: 'A weekly summary of what happened' });
    await expect(digest).not.toBeChecked();
    await digest.check();
    await expect(page.getByText('Your e-mail notification setting was saved.')).toBeVisible();

    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'E-mail notifications' })
        .getByRole('switch', { name: 'A weekly summary of what happened' }),
    ).toBeChecked();
  });

  test('on a small screen, a snackbar never hides a focused control or the end of the page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const member = await readyMember(page.request);
    await logIn(page, member.email, member.password);
    await page.goto('/en/profile/settings');
    const section = page.getByRole('region', { name: 'E-mail notifications' });
    const first = section.getByRole('switch').first();
    // The first switch at the very bottom of the screen, where the snackbar is about to appear.
    await first.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await first.focus();
    await page.keyboard.press('Space');
    const snackbars = page.locator('.attune-snackbars');
    const saved = snackbars.getByText('Your e-mail notification setting was saved.');
    await expect(saved).toBeVisible();
    // The pointer rests on the snackbar, which keeps it shown while the page is checked.
    await saved.hover();
    const snackbarTop = async () => (await snackbars.boundingBox())!.y;

    // WCAG 2.2 2.4.11: each control Tab reaches is in view above the snackbar.
    for (let step = 1; step <= 2; step += 1) {
      await page.keyboard.press('Tab');
      const box = (await page.locator(':focus').boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `control ${step} after the first switch`).toBeLessThanOrEqual(
        await snackbarTop(),
      );
    }

    // The page keeps room for the snackbar: scrolled to its end, its last link is clear of it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLink = page.getByRole('link').last();
    await expect(lastLink).toBeInViewport();
    const link = (await lastLink.boundingBox())!;
    expect(link.y + link.height).toBeLessThanOrEqual(await snackbarTop());
    await expect(saved).toBeVisible();
  });

  test('"Download my data" saves everything as attune-data.json', async ({ page }) => {
    const member = await readyMember(page.request);
    await logIn(page, member.email, member.password);
    await page.goto('/en/profile/settings');
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('region', { name: 'Your data' })
      .getByRole('button', { name: 'Download my data' })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('attune-data.json');
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      account: { nickname: string };
    };
    expect(data.account.nickname).toBe(member.nickname);
  });

  test('the interface language is saved and the page follows it', async ({ page }) => {
    const member = await readyMember(page.request);
    await logIn(page, member.email, member.password);
    await page.goto('/en/profile/settings');
    const section = page.getByRole('region', { name: 'Language', exact: true });
    await section.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await section.getByRole('button', { name: 'Save: Language' }).click();
    await expect(page).toHaveURL('/de/profile/settings');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Profileinstellungen' }),
    ).toBeVisible();
    await expect(page.getByText('Ihre Sprache wurde gespeichert.')).toBeVisible();
    await expectNoAxeViolations(page, 'profile settings in German');
  });
});
