import { expect, test } from '@playwright/test';
import { uniqueEmail } from './helpers/accounts';
import { expectNoAxeViolations } from './helpers/axe';
import { latestMailMarker, readCodeFromMail } from './helpers/mail';
import { logInThroughPage as logIn, readyMember } from './helpers/members';

test.describe('changing the e-mail address', () => {
  test('the new address takes effect only with the code mailed to it, all by keyboard', async ({
    page,
  }) => {
    const member = await readyMember(page.request);
    const newEmail = uniqueEmail('moved');
    await logIn(page, member.email, member.password);
    await page.goto('/de/profile/settings');
    const account = page.getByRole('region', { name: 'Konto', exact: true });

    // Type the new address and the current password, and send the form with Enter.
    const emailField = account.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await emailField.focus();
    await emailField.press('ControlOrMeta+a');
    await page.keyboard.type(newEmail);
    await page.keyboard.press('Tab');
    await expect(account.getByLabel('Aktuelles Passwort').first()).toBeFocused();
    await page.keyboard.type(member.password);
    const marker = await latestMailMarker(page.request, newEmail);
    await page.keyboard.press('Enter');

    // The code step takes the focus and says where the code went; the address has not changed.
    const codeStep = account.getByRole('heading', { name: 'Neue E-Mail-Adresse bestätigen' });
    await expect(codeStep).toBeFocused();
    await expect(
      account.getByText(
        `Wir haben einen 6-stelligen Code an ${newEmail} gesendet. Bitte geben Sie ihn innerhalb von 10 Minuten hier ein. Bis dahin bleibt Ihre E-Mail-Adresse ${member.email}.`,
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'settings: confirm the new e-mail address (de)');

    const code = await readCodeFromMail(page.request, newEmail, marker);
    const oldMarker = await latestMailMarker(page.request, member.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');

    // Back on the e-mail form, focused on its heading, with the new address.
    await expect(
      account.getByRole('heading', { name: 'E-Mail-Adresse', exact: true }),
    ).toBeFocused();
    // Said once, next to the address: no snackbar says it again over the form.
    const changed = page.getByText(`Ihre E-Mail-Adresse ist jetzt ${newEmail}.`);
    await expect(account.getByText(`Ihre E-Mail-Adresse ist jetzt ${newEmail}.`)).toBeVisible();
    await expect(changed).toHaveCount(1);
    await expect(emailField).toHaveValue(newEmail);
    await expectNoAxeViolations(page, 'settings: e-mail address changed (de)');

    // The old address is told.
    await expect
      .poll(async () => {
        const response = await page.request.get('/dev/mail.json');
        const mails = (await response.json()) as {
          to: string;
          subject: string;
          createdAt: string;
          text: string;
        }[];
        const newest = mails.find((mail) => mail.to === member.email);
        return newest && `${newest.createdAt}|${newest.subject}|${newest.text}` !== oldMarker
          ? newest.subject
          : null;
      })
      .toBe('The e-mail address of your Attune account was changed');
  });
});
