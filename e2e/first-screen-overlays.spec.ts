import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { logInThroughPage as logIn, readyMember } from './helpers/members';
import { chooseTheme } from './helpers/theme';

/**
 * The first screen of a first visit, with the beta banner and the cookie notice on it: the page's
 * first field is in view and usable without closing anything, on a phone and a desktop, in every
 * language, light and dark, at normal and 200 % text (decision 0019). The notices and snackbars
 * never cover what the member works with, and closing a notice keeps the focus in the page.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** A first visit's main page per language, and the shell's names in that language. */
const FIRST_PAGES = [
  {
    path: '/en/login',
    notice: 'Cookies on Attune',
    banner: 'Beta version',
    understood: 'Understood',
  },
  {
    path: '/de/register/regular',
    notice: 'Cookies bei Attune',
    banner: 'Beta-Version',
    understood: 'Verstanden',
  },
  {
    path: '/es/login',
    notice: 'Cookies en Attune',
    banner: 'Versión beta',
    understood: 'Entendido',
  },
] as const;

/** Text at 200 %: the app sizes text in rem, as a browser's text-size setting does. */
async function doubleTextSize(page: Page) {
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
}

/**
 * Where the element is inside the viewport and not covered: the topmost element at its centre and
 * near the middle of each of its sides (inside the rounding of a pill or a circle) is the element
 * itself or inside it. Returns what is wrong otherwise.
 */
async function coverOf(locator: Locator): Promise<string | null> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    if (rect.top < 0 || rect.left < 0 || rect.bottom > innerHeight || rect.right > innerWidth) {
      return `outside the viewport (${Math.round(rect.top)}–${Math.round(rect.bottom)} of ${innerHeight})`;
    }
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const side = Math.min(rect.height / 2, rect.width / 2);
    const points = [
      [x, y],
      [rect.left + side, y],
      [rect.right - side, y],
      [x, rect.top + 3],
      [x, rect.bottom - 3],
    ] as const;
    for (const [px, py] of points) {
      const hit = document.elementFromPoint(px, py);
      if (!hit || (hit !== element && !element.contains(hit))) {
        return `covered at ${Math.round(px)},${Math.round(py)} by ${hit?.outerHTML.slice(0, 120) ?? 'nothing'}`;
      }
    }
    return null;
  });
}

/** The share of the viewport's height the bottom notices take, from their highest top down. */
async function bottomOverlayShare(page: Page): Promise<number> {
  return page.evaluate(() => {
    const tops = ['cookie-notice', 'beta-banner']
      .map((id) => document.querySelector(`[data-testid="${id}"]`))
      .filter((element): element is Element => element !== null)
      .map((element) => element.getBoundingClientRect().top);
    return (innerHeight - Math.min(...tops)) / innerHeight;
  });
}

function boxesIntersect(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The notices of a first visit, once they are shown (they mount after the first paint). */
async function shownNotices(page: Page, names: { notice: string; banner: string }) {
  const notice = page.getByRole('region', { name: names.notice });
  const banner = page.getByRole('region', { name: names.banner });
  await expect(notice).toBeVisible();
  await expect(banner).toBeVisible();
  return { notice, banner };
}

test.describe('first screen with the shell notices', () => {
  for (const first of FIRST_PAGES) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      test(`${first.path} on a ${size}: the first field is in view, uncovered and usable, light and dark, at 100 and 200 % text`, async ({
        browser,
      }) => {
        for (const colorScheme of ['light', 'dark'] as const) {
          for (const large of [false, true]) {
            const state = `${first.path}, ${size}, ${colorScheme}, ${large ? '200' : '100'} % text`;
            // A first visit: a fresh browser context, without cookies; the dark theme as a
            // member who chose it (the app is light by default, whatever the device says).
            const context = await browser.newContext({ viewport, colorScheme });
            if (colorScheme === 'dark') await chooseTheme(context, 'dark');
            const page = await context.newPage();
            await page.goto(first.path);
            const { notice, banner } = await shownNotices(page, first);
            const field = page.getByRole('main').getByRole('textbox').first();
            if (large) {
              await doubleTextSize(page);
              // The notices never fill the screen; their buttons are always in view.
              await expect.poll(() => bottomOverlayShare(page), state).toBeLessThanOrEqual(0.5);
              // Where the field is in the first screen, the notices leave it uncovered (they
              // show one line each on a short screen). Where the page's own text puts it further
              // down, it is reached by Tab (or scrolling) and then shows clear of the notices,
              // which the page keeps room for.
              const box = await field.boundingBox();
              if (!box || box.y + box.height > viewport.height) await field.focus();
              else expect(await page.evaluate(() => window.scrollY), state).toBe(0);
            } else {
              // Before anything is scrolled or closed, the field is in the first screen.
              expect(await page.evaluate(() => window.scrollY), state).toBe(0);
              expect(await bottomOverlayShare(page), state).toBeLessThanOrEqual(0.35);
            }
            for (const control of [
              notice.getByRole('button', { name: first.understood }),
              notice.getByRole('button', { name: /^(Details|Detalles)$/ }),
              banner.getByRole('button').last(),
            ]) {
              expect(await coverOf(control), `${state}: notice buttons`).toBeNull();
            }
            expect(await coverOf(field), `${state}: first field`).toBeNull();

            // Typing works at once, without closing anything.
            await field.focus();
            await page.keyboard.type('maria@example.org');
            await expect(field).toHaveValue('maria@example.org');
            await expectNoAxeViolations(page, state);
            await context.close();
          }
        }
      });
    }
  }

  test("the banner's close button is never under the accessibility button", async ({ page }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto('/de/login');
      const { banner } = await shownNotices(page, {
        notice: 'Cookies bei Attune',
        banner: 'Beta-Version',
      });
      const close = banner.getByRole('button', { name: 'Beta-Hinweis schließen' });
      const launcher = page.getByRole('button', { name: 'Optionen zur Barrierefreiheit' });
      for (const large of [false, true]) {
        if (large) await doubleTextSize(page);
        const more = banner.getByRole('button', { name: 'Mehr' });
        for (const expanded of [false, true]) {
          // "More" is there where the message is cut; opened, the banner grows upwards.
          if (expanded && (await more.count()) > 0) {
            if ((await more.getAttribute('aria-expanded')) === 'false') await more.click();
          }
          const closeBox = (await close.boundingBox())!;
          const launcherBox = (await launcher.boundingBox())!;
          expect(
            boxesIntersect(closeBox, launcherBox),
            `${viewport.width} px, ${large ? '200' : '100'} %, ${expanded ? 'expanded' : 'collapsed'}`,
          ).toBe(false);
          expect(await coverOf(close)).toBeNull();
        }
      }
    }
  });

  test('the accessibility button stays in the header corner and never covers the text of a long page', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/en/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const launcher = page.getByRole('button', { name: 'Accessibility options' });
    await expect(launcher).toBeVisible();
    const overlapsText = () =>
      launcher.evaluate((button) => {
        const icon = button.getBoundingClientRect();
        return [...document.querySelectorAll('main p, main h1, main h2, main li, main a')]
          .map((element) => element.getBoundingClientRect())
          .some(
            (text) =>
              text.height > 0 &&
              text.left < icon.right &&
              icon.left < text.right &&
              text.top < icon.bottom &&
              icon.top < text.bottom,
          );
      });
    expect(await overlapsText()).toBe(false);
    for (const y of [200, 600, 1200]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await overlapsText(), `scrolled to ${y}`).toBe(false);
    }
  });

  test('the notices come right after the skip link, and closing them keeps the focus in the page', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/en/login');
    const { notice, banner } = await shownNotices(page, {
      notice: 'Cookies on Attune',
      banner: 'Beta version',
    });
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await skipLink.focus();
    // Tab order: skip link, the notice's buttons, then the banner's, then the header.
    await page.keyboard.press('Tab');
    await expect(notice.getByRole('button', { name: 'Details' })).toBeFocused();
    await page.keyboard.press('Tab');
    const understood = notice.getByRole('button', { name: 'Understood' });
    await expect(understood).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('link')).toBeFocused();
    // The mail link was cut off with the message: the message shows whole when it has the focus.
    await expect(banner.getByRole('button', { name: 'More' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(banner.getByRole('link')).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const close = banner.getByRole('button', { name: 'Close the beta notice' });
    await expect(close).toBeFocused();

    // Closing the banner gives the focus back to where it came from, not to the document body.
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    await expect(understood).toBeFocused();
    await expectNoAxeViolations(page, 'login after closing the banner by keyboard');
    // The focus came to "Understood" from the banner, which is gone: reading the notice puts it
    // on the main content, and Tab goes on to the first field.
    await page.keyboard.press('Enter');
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Username or e-mail address' })).toBeFocused();
  });

  test('closing a notice with a click, with no focus before, puts the focus on the main content', async ({
    page,
  }) => {
    await page.goto('/en/login');
    const { notice, banner } = await shownNotices(page, {
      notice: 'Cookies on Attune',
      banner: 'Beta version',
    });
    await banner.getByRole('button', { name: 'Close the beta notice' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('main')).toBeFocused();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await notice.getByRole('button', { name: 'Understood' }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('main')).toBeFocused();
  });
});

test.describe('phone: drawer and snackbars', () => {
  test('choosing a language in the drawer closes it and gives the focus back to its button', async ({
    page,
  }) => {
    const member = await readyMember(page.request, 'Drawer');
    await logIn(page, member.email, member.password);
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Language' }).last();
    await drawer.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/?$/);
    await expect(page.locator('.MuiDrawer-modal')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeFocused();
    await expectNoAxeViolations(page, 'logged home in German after the drawer closed');
  });

  test('a snackbar does not cover "Agree and save" in the health consent dialog', async ({
    page,
  }) => {
    const member = await readyMember(page.request, 'Consent');
    await logIn(page, member.email, member.password);
    await page.setViewportSize(PHONE);
    await page.goto('/en/profile/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();

    // A snackbar (4 s) is up when the consent dialog opens.
    const hearing = page.getByRole('region', { name: 'Your hearing' });
    await hearing
      .getByRole('combobox', { name: 'Left ear', exact: true })
      .selectOption('cochlear-implant');
    await page
      .getByRole('region', { name: 'E-mail notifications' })
      .getByRole('switch', { name: 'A weekly summary of what happened' })
      .check();
    const snackbar = page.getByText('Your e-mail notification setting was saved.');
    await expect(snackbar).toBeVisible();
    await hearing.getByRole('button', { name: 'Save: Your hearing' }).click();
    const dialog = page.getByRole('dialog', { name: 'May we store your hearing details?' });
    await expect(dialog).toBeVisible();
    await dialog
      .getByRole('checkbox', { name: 'I agree that Attune stores my hearing details' })
      .check();
    const agree = dialog.getByRole('button', { name: 'Agree and save' });
    await agree.scrollIntoViewIfNeeded();
    await expect(snackbar).toBeVisible();
    expect(await coverOf(agree)).toBeNull();
    // The snackbar is readable above the dialog's backdrop, at the top of the screen.
    expect(await coverOf(snackbar)).toBeNull();
    await expectNoAxeViolations(page, 'consent dialog with a snackbar');
  });

  test('at 200 % text a snackbar does not cover the account menu', async ({ page }) => {
    const member = await readyMember(page.request, 'Menu');
    await logIn(page, member.email, member.password);
    await page.setViewportSize(PHONE);
    await page.goto('/en/profile/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
    await doubleTextSize(page);
    await page
      .getByRole('region', { name: 'E-mail notifications' })
      .getByRole('switch', { name: 'A weekly summary of what happened' })
      .check();
    const snackbar = page.getByText('Your e-mail notification setting was saved.');
    await expect(snackbar).toBeVisible();
    await page.getByRole('button', { name: `Account menu of ${member.nickname}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(snackbar).toBeVisible();
    const items = menu.getByRole('menuitem').or(menu.getByRole('menuitemradio'));
    const inView: Locator[] = [];
    for (const item of await items.all()) {
      // Items the menu shows whole: a long menu scrolls inside its own box, below the screen's end.
      const shown = await item.evaluate((element) => {
        const box = element.closest('.MuiPaper-root')?.getBoundingClientRect();
        const bottom = element.getBoundingClientRect().bottom;
        return bottom <= innerHeight && (!box || bottom <= box.bottom);
      });
      if (shown) {
        inView.push(item);
      }
    }
    expect(inView.length).toBeGreaterThan(2);
    for (const item of inView) expect(await coverOf(item)).toBeNull();
  });
});
