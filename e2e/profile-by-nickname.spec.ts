import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { logInThroughPage as logIn, readyMember } from './helpers/members';

/**
 * A member's profile lives at /{lang}/profile/{nickname} (spec §3): the display name as it is,
 * spaces and accents included, in any case. What the member hid from the viewer does not show.
 * Fetching a member that is not there, or failing to, says so in the spec's words (§8).
 */

/** Gives a member a display name with a space and an accent, a public headline and a year of birth only connections see. */
async function namedOwner(request: APIRequestContext) {
  const owner = await readyMember(request, 'Owner');
  const nickname = `José María ${Math.random().toString(36).slice(2, 7)}`;
  const saved = await request.put('/api/update-profile', {
    data: { nickname, headline: 'Singing in the choir again', yearOfBirth: '1947' },
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(saved.ok()).toBe(true);
  return { ...owner, nickname };
}

const addressOf = (language: string, nickname: string) =>
  `/${language}/profile/${encodeURIComponent(nickname)}`;

test.describe('profile by nickname', () => {
  test('a member opens another member’s profile by display name; a hidden detail does not show', async ({
    page,
  }) => {
    const owner = await namedOwner(page.request);
    const viewer = await readyMember(page.request, 'Viewer');
    await logIn(page, viewer.email, viewer.password);

    await page.goto(addressOf('en', owner.nickname));
    await expect(page.getByRole('heading', { level: 1, name: owner.nickname })).toBeVisible();
    await expect(page.getByText('Singing in the choir again')).toBeVisible();
    // The year of birth is for connections only (the default), and the viewer is not one.
    await expect(page.getByText('Year of birth')).toHaveCount(0);
    await expect(page.getByText('1947')).toHaveCount(0);
    await expectNoAxeViolations(page, 'profile by nickname');

    // Any case finds the member; the old address by username moves to the display name.
    await page.goto(addressOf('en', owner.nickname.toUpperCase()));
    await expect(page.getByRole('heading', { level: 1, name: owner.nickname })).toBeVisible();
    await page.goto(`/en/profile/${owner.username}`);
    await expect(page).toHaveURL(addressOf('en', owner.nickname));
    await expect(page.getByRole('heading', { level: 1, name: owner.nickname })).toBeVisible();

    // The same in German.
    await page.goto(addressOf('de', owner.nickname));
    await expect(page.getByRole('heading', { level: 1, name: owner.nickname })).toBeVisible();
    await expect(
      page.getByText(`Sie sind noch nicht mit ${owner.nickname} verbunden.`),
    ).toBeVisible();
    await expect(page.getByText('1947')).toHaveCount(0);
    await expectNoAxeViolations(page, 'profile by nickname, German');
  });

  test('"My profile" leads to the member’s own address by display name', async ({ page }) => {
    const owner = await namedOwner(page.request);
    await logIn(page, owner.email, owner.password);
    await page.getByRole('button', { name: `Account menu of ${owner.nickname}` }).click();
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await expect(page).toHaveURL(addressOf('en', owner.nickname));
    await expect(page.getByRole('heading', { level: 1, name: owner.nickname })).toBeVisible();
    // The owner sees their own year of birth.
    await expect(page.getByText('1947')).toBeVisible();
  });

  test("nobody at an address: 'User ID not found', in English and German", async ({ page }) => {
    const member = await readyMember(page.request, 'Visitor');
    await logIn(page, member.email, member.password);
    await page.goto(addressOf('en', 'Nadie Núñez zz9'));
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('User ID not found', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'profile not found');
    await page.goto(addressOf('de', 'Nadie Núñez zz9'));
    await expect(page.getByText('Benutzer-ID nicht gefunden', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'profile not found, German');
  });

  test("a failed fetch-user says 'Error fetching user data' (settings, English and Spanish)", async ({
    page,
  }) => {
    const member = await readyMember(page.request, 'Failing');
    await logIn(page, member.email, member.password);
    await page.route('**/api/fetch-user', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/en/profile/settings');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Internal Server Error' }),
    ).toBeVisible();
    await expect(page.getByText('Error fetching user data', { exact: true })).toBeVisible();
    await expect(page.getByText('Error 500')).toBeVisible();
    await expectNoAxeViolations(page, 'settings, fetch-user failed');
    await page.goto('/es/profile/settings');
    await expect(
      page.getByText('Error al obtener los datos del usuario', { exact: true }),
    ).toBeVisible();
  });

  test('a display name that is a page under /profile is refused, in the member’s language', async ({
    page,
  }) => {
    const member = await readyMember(page.request, 'Renaming');
    await logIn(page, member.email, member.password);
    await page.goto('/de/profile/settings');
    const field = page.getByRole('textbox', { name: /^Anzeigename/ });
    await field.fill('Settings');
    await expect(
      page.getByText(
        'Dieser Name ist für Attune selbst vorgesehen. Bitte wählen Sie einen anderen.',
      ),
    ).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'settings, reserved display name (German)');

    // The server says the same to any client that tries.
    const answer = await page.request.put('/api/update-profile', {
      data: { nickname: 'start' },
      headers: { Authorization: `Bearer ${member.token}` },
    });
    expect(answer.status()).toBe(400);
    expect(((await answer.json()) as { code: string }).code).toBe('nickname_reserved');
  });
});
