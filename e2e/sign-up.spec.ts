import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, strongPassword } from './helpers/accounts';
import { expectNoAxeViolations } from './helpers/axe';
import { latestMailMarker, readCodeFromMail } from './helpers/mail';

interface Texts {
  chooseTitle: string;
  memberAccount: string;
  email: string;
  sendCode: string;
  codeGroup: string;
  firstDigit: string;
  confirmCode: string;
  password: string;
  repeatPassword: string;
  createAccount: string;
  welcomeTitle: string;
  ready: string;
}

const english: Texts = {
  chooseTitle: 'Create your account',
  memberAccount: 'Create a member account',
  email: 'E-mail address',
  sendCode: 'Send code',
  codeGroup: '6-digit code',
  firstDigit: 'Digit 1 of 6',
  confirmCode: 'Confirm code',
  password: 'Password',
  repeatPassword: 'Repeat the password',
  createAccount: 'Create account',
  welcomeTitle: 'Set up your profile',
  ready: 'Step 1 of 7',
};

const german: Texts = {
  chooseTitle: 'Konto erstellen',
  memberAccount: 'Mitgliedskonto erstellen',
  email: 'E-Mail-Adresse',
  sendCode: 'Code senden',
  codeGroup: '6-stelliger Code',
  firstDigit: 'Ziffer 1 von 6',
  confirmCode: 'Code bestätigen',
  password: 'Passwort',
  repeatPassword: 'Passwort wiederholen',
  createAccount: 'Konto erstellen',
  welcomeTitle: 'Ihr Profil einrichten',
  ready: 'Schritt 1 von 7',
};

async function signUp(page: Page, lang: 'en' | 'de', texts: Texts) {
  const email = uniqueEmail(`signup-${lang}`);
  const password = strongPassword();

  await page.goto(`/${lang}/register`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1, name: texts.chooseTitle })).toBeVisible();
  await expectNoAxeViolations(page, `${lang} register choice`);

  await page.getByRole('link', { name: texts.memberAccount }).click();
  await expect(page).toHaveURL(`/${lang}/register/regular`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.memberAccount);
  await expectNoAxeViolations(page, `${lang} register e-mail step`);

  const before = await latestMailMarker(page.request, email);
  await page.getByRole('textbox', { name: texts.email }).fill(email);
  await page.getByRole('button', { name: texts.sendCode }).click();

  const codeGroup = page.getByRole('group', { name: texts.codeGroup });
  await expect(codeGroup).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expectNoAxeViolations(page, `${lang} register code step`);

  const code = await readCodeFromMail(page.request, email, before);
  // Filling the first box with the whole code behaves like pasting or autofill: every box fills.
  await codeGroup.getByRole('textbox', { name: texts.firstDigit }).fill(code);
  await expect(codeGroup.getByRole('textbox')).toHaveCount(6);
  for (const [index, digit] of code.split('').entries()) {
    await expect(codeGroup.getByRole('textbox').nth(index)).toHaveValue(digit);
  }
  await page.getByRole('button', { name: texts.confirmCode }).click();

  const passwordField = page.getByRole('textbox', { name: texts.password, exact: true });
  await expect(passwordField).toBeVisible();
  await expectNoAxeViolations(page, `${lang} register password step`);
  await passwordField.fill(password);
  await page.getByRole('textbox', { name: texts.repeatPassword, exact: true }).fill(password);
  await page.getByRole('button', { name: texts.createAccount }).click();

  await expect(page).toHaveURL(`/${lang}/profile/start`, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: texts.welcomeTitle })).toBeVisible();
  await expect(page.getByText(texts.ready)).toBeVisible();
  await expectNoAxeViolations(page, `${lang} profile start`);

  const cookies = await page.context().cookies();
  const config = (await (await page.request.get('/config.json')).json()) as {
    authCookieName: string;
  };
  const authCookie = cookies.find((cookie) => cookie.name === config.authCookieName);
  expect(authCookie?.value).toBeTruthy();
  expect(authCookie?.sameSite).toBe('Lax');
  expect(authCookie?.path).toBe('/');
}

test.describe('sign up', () => {
  test('a member signs up in English and lands on profile start', async ({ page }) => {
    await signUp(page, 'en', english);
  });

  test('a member signs up in German and lands on profile start', async ({ page }) => {
    await signUp(page, 'de', german);
  });
});
