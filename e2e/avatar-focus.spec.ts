import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInThroughPage as logIn, readyMember } from './helpers/members';

/**
 * Choosing, cropping and saving a profile picture by keyboard: after each step the focus is on a
 * control the member can go on from, never lost to the page (`<body>`).
 */

/** A 240 × 160 PNG drawn in the page, so the test needs no image file. */
async function makePng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 160;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#0b4f9c';
    context.fillRect(0, 0, 240, 160);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

/** Presses Enter on the focused button and gives the file chooser it opens a picture. */
async function chooseWithKeyboard(page: Page, button: Locator, picture: Buffer) {
  await button.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
}

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? null);

test('the focus stays on the picture controls after cancelling, cropping and saving', async ({
  page,
}) => {
  // Playwright intercepts file choosers only while someone listens; a listener for the whole test
  // turns that on before the first Enter (enabling it per wait raced with the key press).
  page.on('filechooser', () => undefined);
  const member = await readyMember(page.request, 'Avatar');
  await logIn(page, member.email, member.password);
  await page.goto('/en/profile/settings');
  const section = page.getByRole('region', { name: 'Profile picture' });
  const choose = section.getByRole('button', { name: /^Choose (a|another) picture$/ });
  const picture = await makePng(page);
  const dialog = page.getByRole('dialog');

  // Cancelled: back on the button that opened the dialog.
  await chooseWithKeyboard(page, choose, picture);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(choose).toBeFocused();

  // Escape cancels too.
  await chooseWithKeyboard(page, choose, picture);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(choose).toBeFocused();

  // Cropped: back on the choose button, the preview and the save button beside it.
  await chooseWithKeyboard(page, choose, picture);
  const useCrop = dialog.getByRole('button', { name: 'Use this part' });
  await expect(useCrop).toBeEnabled();
  await useCrop.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const save = section.getByRole('button', { name: 'Save this picture' });
  await expect(save).toBeVisible();
  await expect(choose).toBeFocused();

  // Saved: the save button goes away, the focus goes to the choose button, not to <body>.
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your new profile picture was saved.')).toBeVisible();
  await expect(save).toHaveCount(0);
  await expect(choose).toBeFocused();
  expect(await focusedTag(page)).toBe('BUTTON');
});
