import { expect, test, type Locator, type Page } from '@playwright/test';
import { LOGIN_MUTATION } from '@attune/contract';
import { signUpViaApi, strongPassword, uniqueEmail } from './helpers/accounts';
import { expectNoAxeViolations } from './helpers/axe';
import { latestMailMarker, readCodeFromMail } from './helpers/mail';

type Language = 'en' | 'de' | 'es';

interface Texts {
  username: string;
  password: string;
  repeatPassword: string;
  logIn: string;
  email: string;
  sendCode: string;
  firstDigit: string;
  confirmCode: string;
  createAccount: string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    username: 'Username or e-mail address',
    password: 'Password',
    repeatPassword: 'Repeat the password',
    logIn: 'Log in',
    email: 'E-mail address',
    sendCode: 'Send code',
    firstDigit: 'Digit 1 of 6',
    confirmCode: 'Confirm code',
    createAccount: 'Create account',
  },
  de: {
    username: 'Benutzername oder E-Mail-Adresse',
    password: 'Passwort',
    repeatPassword: 'Passwort wiederholen',
    logIn: 'Anmelden',
    email: 'E-Mail-Adresse',
    sendCode: 'Code senden',
    firstDigit: 'Ziffer 1 von 6',
    confirmCode: 'Code bestätigen',
    createAccount: 'Konto erstellen',
  },
  es: {
    username: 'Nombre de usuario o correo electrónico',
    password: 'Contraseña',
    repeatPassword: 'Repita la contraseña',
    logIn: 'Iniciar sesión',
    email: 'Correo electrónico',
    sendCode: 'Enviar código',
    firstDigit: 'Dígito 1 de 6',
    confirmCode: 'Confirmar el código',
    createAccount: 'Crear cuenta',
  },
};

/** Words of the server's English messages that must never reach a German or Spanish page. */
const ENGLISH_SERVER_WORDS = /not correct|Please wait|too common|minute\(s\)|Staff accounts need/;

async function logIn(page: Page, language: Language, username: string, password: string) {
  const texts = TEXTS[language];
  await page.goto(`/${language}/login`);
  await page.getByRole('textbox', { name: texts.username }).fill(username);
  await page.getByRole('textbox', { name: texts.password, exact: true }).fill(password);
  await page.getByRole('button', { name: texts.logIn }).click();
}

/** The text that describes a field (`aria-describedby`), as a screen reader reads it with the field. */
async function description(field: Locator): Promise<string> {
  const id = await field.getAttribute('aria-describedby');
  expect(id, 'the field has a description').toBeTruthy();
  return (await field.page().locator(`[id="${id}"]`).textContent()) ?? '';
}

/** Sign-up up to the password step, with the code from the dev outbox. */
async function reachPasswordStep(page: Page, language: Language) {
  const texts = TEXTS[language];
  const email = uniqueEmail(`errors-${language}`);
  await page.goto(`/${language}/register/regular`);
  const before = await latestMailMarker(page.request, email);
  await page.getByRole('textbox', { name: texts.email }).fill(email);
  await page.getByRole('button', { name: texts.sendCode }).click();
  const code = await readCodeFromMail(page.request, email, before);
  await page.getByRole('textbox', { name: texts.firstDigit }).fill(code);
  await page.getByRole('button', { name: texts.confirmCode }).click();
  const password = page.getByRole('textbox', { name: texts.password, exact: true });
  await expect(password).toBeVisible();
  return password;
}

test.describe('errors in the member’s language', () => {
  const wrongLogin = {
    de: 'Der Benutzername oder das Passwort ist nicht richtig.',
    es: 'El nombre de usuario o la contraseña no son correctos.',
  } as const;

  for (const language of ['de', 'es'] as const) {
    test(`a wrong login on /${language} is told in that language only`, async ({ page }) => {
      const account = await signUpViaApi(page.request);
      await logIn(page, language, account.email, strongPassword());

      const alert = page.getByRole('alert');
      await expect(alert).toHaveText(wrongLogin[language]);
      await expect(page.locator('main')).not.toContainText(ENGLISH_SERVER_WORDS);
      await expect(page).toHaveURL(`/${language}/login`);
      await expectNoAxeViolations(page, `${language} login with a wrong password`);
    });
  }

  test('a rate-limited login on /de says how many minutes to wait, in German', async ({ page }) => {
    // The per-account-and-address limit (10 failed logins) is not scaled for tests: use it up
    // through the API, all at once, so its growing waits (decision 0021) pass side by side.
    const username = uniqueEmail('limited');
    await Promise.all(
      Array.from({ length: 10 }, () =>
        page.request.post('/graphql', {
          data: { query: LOGIN_MUTATION, variables: { input: { username, password: 'wrong-1' } } },
        }),
      ),
    );
    await logIn(page, 'de', username, 'wrong-2');
    await expect(page.getByRole('alert')).toHaveText(
      'Zu viele Versuche. Bitte warten Sie 15 Minuten und versuchen Sie es dann erneut.',
    );
    await expect(page.locator('main')).not.toContainText(ENGLISH_SERVER_WORDS);
  });

  test('a wrong code on /de says how many tries are left, in German', async ({ page }) => {
    const texts = TEXTS.de;
    const email = uniqueEmail('wrong-code');
    await page.goto('/de/register/regular');
    const before = await latestMailMarker(page.request, email);
    await page.getByRole('textbox', { name: texts.email }).fill(email);
    await page.getByRole('button', { name: texts.sendCode }).click();
    const code = await readCodeFromMail(page.request, email, before);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByRole('textbox', { name: texts.firstDigit }).fill(wrong);
    await page.getByRole('button', { name: texts.confirmCode }).click();

    await expect(page.getByRole('alert')).toHaveText(
      'Der Code ist nicht richtig. Sie haben noch 4 Versuche.',
    );
    await expect(page.locator('main')).not.toContainText(ENGLISH_SERVER_WORDS);
    await expectNoAxeViolations(page, 'de sign-up with a wrong code');
  });

  const tooCommon = {
    en: 'This password is too common and easy to guess. Please choose another one.',
    es: 'Esta contraseña es muy común y fácil de adivinar. Elija otra, por favor.',
  } as const;

  for (const language of ['en', 'es'] as const) {
    test(`a too-common password at sign-up on /${language} is told at the field, which takes the focus`, async ({
      page,
    }) => {
      const texts = TEXTS[language];
      const password = await reachPasswordStep(page, language);
      await password.fill('password123');
      await page
        .getByRole('textbox', { name: texts.repeatPassword, exact: true })
        .fill('password123');
      await page.getByRole('button', { name: texts.createAccount }).click();

      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toBeFocused();
      expect(await description(password)).toBe(tooCommon[language]);
      // Told once, at the field: no box above the card repeats it.
      await expect(page.getByText(tooCommon[language])).toHaveCount(1);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page).toHaveURL(`/${language}/register/regular`);
      await expectNoAxeViolations(page, `${language} sign-up with a too-common password`);
    });
  }

  for (const language of ['en', 'de'] as const) {
    test(`a too-common new password on the /${language} recovery page is said once, in that language, at the field`, async ({
      page,
    }) => {
      const texts = TEXTS[language];
      const said = {
        en: 'This password is too common and easy to guess. Please choose another one.',
        de: 'Dieses Passwort ist sehr verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
      }[language];
      const account = await signUpViaApi(page.request);
      await page.goto(`/${language}/login/recover`);
      const before = await latestMailMarker(page.request, account.email);
      await page.getByRole('textbox', { name: texts.email }).fill(account.email);
      await page.getByRole('button', { name: texts.sendCode }).click();
      const code = await readCodeFromMail(page.request, account.email, before);
      await page.getByRole('textbox', { name: texts.firstDigit }).fill(code);
      await page.getByRole('button', { name: texts.confirmCode }).click();

      const newPassword = page.getByRole('textbox', {
        name: language === 'en' ? 'New password' : 'Neues Passwort',
        exact: true,
      });
      await newPassword.fill('password123');
      await page
        .getByRole('textbox', { name: texts.repeatPassword, exact: true })
        .fill('password123');
      await page
        .getByRole('button', {
          name: language === 'en' ? 'Save the new password' : 'Neues Passwort speichern',
        })
        .click();

      await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
      await expect(newPassword).toBeFocused();
      expect(await description(newPassword)).toBe(said);
      await expect(page.getByText(said)).toHaveCount(1);
      if (language !== 'en')
        await expect(page.locator('main')).not.toContainText(ENGLISH_SERVER_WORDS);
      await expectNoAxeViolations(page, `${language} recovery with a too-common password`);
    });
  }

  for (const language of ['en', 'de'] as const) {
    test(`a staff sign-up with a non-staff address on /${language} stops at the e-mail step and offers member sign-up`, async ({
      page,
    }) => {
      const texts = TEXTS[language];
      const offer = {
        en: 'Create a member account with this address',
        de: 'Mitgliedskonto mit dieser Adresse erstellen',
      }[language];
      const email = uniqueEmail('not-staff');
      await page.goto(`/${language}/register/medel`);
      const field = page.getByRole('textbox', { name: texts.email });
      await field.fill(email);
      await page.getByRole('button', { name: texts.sendCode }).click();

      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toBeFocused();
      expect(await description(field)).toMatch(
        language === 'en'
          ? /^A staff account needs an e-mail address of the manufacturer\./
          : /^Für ein Mitarbeiterkonto brauchen Sie eine E-Mail-Adresse des Herstellers\./,
      );
      await expect(page.getByRole('group', { name: /Code/i })).toHaveCount(0);
      expect(await latestMailMarker(page.request, email)).toBeNull();
      await expectNoAxeViolations(page, `${language} staff sign-up refused at the e-mail step`);

      // The offer is the next thing the keyboard reaches, and keeps the typed address.
      await page.keyboard.press('Tab');
      const link = page.getByRole('link', { name: offer });
      await expect(link).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`/${language}/register/regular`);
      await expect(page.getByRole('textbox', { name: texts.email })).toHaveValue(email);
    });
  }
});
