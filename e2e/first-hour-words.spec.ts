import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers/accounts';
import { expectNoAxeViolations } from './helpers/axe';

/** Logs in on the German login page; a new member lands on the onboarding. */
async function logInInGerman(page: Page, account: { email: string; password: string }) {
  await page.goto('/de/login');
  await page
    .getByRole('region', { name: 'Cookies bei Attune' })
    .getByRole('button', { name: 'Verstanden' })
    .click();
  await page.getByRole('textbox', { name: 'Benutzername oder E-Mail-Adresse' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL('/de/profile/start');
}

const stepHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });

/** Skips the whole onboarding in German without choosing a display name or hearing details. */
async function skipOnboarding(page: Page) {
  await expect(stepHeading(page)).toContainText('Schritt 1 von 7');
  // Nothing is offered as a name: the e-mail address is never turned into one.
  await expect(page.getByRole('textbox', { name: 'Anzeigename' })).toHaveValue('');
  await page.getByRole('button', { name: 'Vorerst überspringen' }).click();
  await page.getByRole('button', { name: 'Ohne Angaben zum Hören weiter' }).click();
  for (const step of [3, 4]) {
    await expect(stepHeading(page)).toContainText(`Schritt ${step} von 7`);
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  }
  await expect(stepHeading(page)).toContainText('Schritt 5 von 7');
  await expect(page.getByRole('combobox', { name: 'Land' })).toBeVisible();
  // No empty red box: the alert region holds nothing while nothing went wrong.
  await expect(page.locator('[role="alert"] .MuiAlert-root')).toHaveCount(0);
  await expectNoAxeViolations(page, 'onboarding step 5 (German)');
  await page.getByRole('button', { name: 'Vorerst überspringen' }).click();
  await expect(stepHeading(page)).toContainText('Schritt 6 von 7');
  await page.getByRole('button', { name: 'Vorerst überspringen' }).click();
  await expect(stepHeading(page)).toContainText('Schritt 7 von 7');
  await page.getByRole('button', { name: 'Überspringen und abschließen' }).click();
  await expect(page).toHaveURL(/\/de\/?$/);
}

test.describe('the first hour, in the member’s own words', () => {
  test('a German member who skips the set-up is greeted neutrally and sees German names', async ({
    page,
  }) => {
    const account = await signUpViaApi(page.request);
    await logInInGerman(page, account);
    await skipOnboarding(page);

    // A friendly neutral greeting, never the address or a made-up username.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Hallo!');
    const localPart = account.email.split('@')[0]!;
    await expect(page.getByRole('main')).not.toContainText(localPart);
    await expectNoAxeViolations(page, 'home without a display name (German)');

    // The manufacturer is named in German on a German page and on a German role badge.
    await page.goto('/de/about');
    await expect(page.getByRole('main')).toContainText('der Hersteller');
    await expect(page.getByRole('main')).not.toContainText('the manufacturer');
    await page.goto('/de/profile/manager');
    await expect(page.locator('[data-role="area_manager"]')).toHaveText('Hersteller');
    await expectNoAxeViolations(page, 'profile of the manufacturer (German)');
  });

  test('settings ask for consent before any hearing detail is sent, then send it once', async ({
    page,
  }) => {
    const account = await signUpViaApi(page.request);
    await logInInGerman(page, account);
    await skipOnboarding(page);

    const updates: Array<Record<string, unknown>> = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/update-profile'))
        updates.push(request.postDataJSON() as Record<string, unknown>);
    });
    await page.goto('/de/profile/settings');
    // The same field names as the onboarding, and the hint says who sees the name.
    await expect(page.getByRole('textbox', { name: 'Anzeigename' })).toBeVisible();
    await expect(page.getByText('So sehen und finden andere Mitglieder Sie.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Überschrift' })).toBeVisible();

    const hearing = page.getByRole('region', { name: 'Ihr Hören' });
    await hearing
      .getByRole('combobox', { name: 'Linkes Ohr', exact: true })
      .selectOption('cochlear-implant');
    await hearing.getByRole('button', { name: 'Speichern: Ihr Hören' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Dürfen wir Ihre Angaben zum Hören speichern?',
    });
    await expect(dialog).toBeVisible();
    expect(updates).toEqual([]);
    await expectNoAxeViolations(page, 'health consent dialog (German)');

    // "Not now" sends nothing and says so.
    await dialog.getByRole('button', { name: 'Jetzt nicht' }).click();
    await expect(hearing.getByRole('alert')).toContainText(
      'Ihre Angaben zum Hören wurden nicht gespeichert',
    );
    expect(updates).toEqual([]);

    // Agreeing sends the change once, with the consent.
    await hearing.getByRole('button', { name: 'Speichern: Ihr Hören' }).click();
    await dialog
      .getByRole('checkbox', {
        name: 'Ich stimme zu, dass Attune meine Angaben zum Hören speichert',
      })
      .check();
    await dialog.getByRole('button', { name: 'Zustimmen und speichern' }).click();
    await expect(hearing.getByRole('status')).toContainText('Gespeichert um');
    expect(updates).toEqual([
      expect.objectContaining({
        leftEar: 'cochlear-implant',
        healthConsent: expect.objectContaining({ accepted: true }),
      }),
    ]);
  });

  test('a file that only pretends to be a picture gets a message, not the crop dialog', async ({
    page,
  }) => {
    const account = await signUpViaApi(page.request);
    await logInInGerman(page, account);
    await skipOnboarding(page);
    await page.goto('/es/profile/settings');
    const picture = page.getByRole('region', { name: 'Foto de perfil' });
    await picture.locator('input[type="file"]').setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('Esto no es una imagen, solo texto.'),
    });
    await expect(picture.getByRole('alert')).toHaveText(
      'Este archivo no es una imagen que podamos abrir. Elija una imagen JPEG, PNG o WebP.',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoAxeViolations(page, 'avatar refused (Spanish)');
  });
});
