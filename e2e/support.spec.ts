import { expect, test, type APIRequestContext } from '@playwright/test';
import type { DevMail } from '@attune/contract';
import { uniqueEmail } from './helpers/accounts';
import { expectNoAxeViolations } from './helpers/axe';
import { logInThroughPage, readyMember } from './helpers/members';

/** The server's default support address (`SUPPORT_EMAIL`), where every request is mailed. */
const SUPPORT_ADDRESS = 'support@attune.local';

/** The dev outbox's mails whose subject names the reference (the outbox worker sends them soon). */
async function mailsAbout(request: APIRequestContext, reference: string): Promise<DevMail[]> {
  const response = await request.get('/dev/mail.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as DevMail[]).filter((mail) => mail.subject.includes(reference));
}

test.describe('support', () => {
  test('a visitor writes to support in German from the login page and gets both mails', async ({
    page,
  }) => {
    const email = uniqueEmail('support-de');
    await page.goto('/de/login');
    await page
      .getByRole('region', { name: 'Cookies bei Attune' })
      .getByRole('button', { name: 'Verstanden' })
      .click();
    await page.getByRole('link', { name: 'Support kontaktieren' }).click();
    await expect(page).toHaveURL('/de/contact');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Support kontaktieren' }),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'Ihre Anfrage an den Support' });
    // The forms come from the server, named in German.
    await expect(form.getByRole('radio', { name: 'Allgemeine Frage' })).toBeChecked();
    await expectNoAxeViolations(page, 'de/contact, the form');

    await form.getByRole('radio', { name: 'Technisches Problem mit der Website' }).check();
    await form.getByRole('textbox', { name: 'Ihr Name' }).fill('Jürgen Weber');
    await form.getByRole('textbox', { name: 'Ihre E-Mail-Adresse' }).fill(email);
    await form
      .getByRole('textbox', { name: 'Ihre Nachricht' })
      .fill('Die Untertitel im Video werden bei mir nicht angezeigt.');
    await form.getByRole('button', { name: 'Anfrage senden' }).click();

    const confirmation = page.getByRole('region', { name: 'Ihre Anfrage ist gesendet' });
    await expect(confirmation.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(confirmation).toContainText('Danke. Wir haben Ihre Anfrage erhalten');
    await expect(form).toHaveCount(0);
    const reference = (await confirmation.locator('strong').textContent()) ?? '';
    expect(reference).toMatch(/^AT-\d{6}$/);
    await expectNoAxeViolations(page, 'de/contact, the confirmation');

    await expect
      .poll(async () =>
        (await mailsAbout(page.request, reference)).map((mail) => [mail.to, mail.subject]).sort(),
      )
      .toEqual(
        [
          [SUPPORT_ADDRESS, `Support request ${reference}: Technical problem with the site`],
          [email, `Wir haben Ihre Anfrage erhalten (${reference})`],
        ].sort(),
      );
    const [toSupport] = (await mailsAbout(page.request, reference)).filter(
      (mail) => mail.to === SUPPORT_ADDRESS,
    );
    expect(toSupport?.text).toContain(`Jürgen Weber <${email}> (not signed in)`);
  });

  test('a member writes to support in Spanish, with name and address filled in', async ({
    page,
  }) => {
    const member = await readyMember(page.request, 'Apoyo');
    await logInThroughPage(page, member.email, member.password);
    await page.goto('/es/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Ayuda' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Su solicitud al soporte' });
    await expect(form.getByRole('textbox', { name: 'Su nombre' })).toHaveValue(member.nickname);
    await expect(form.getByRole('textbox', { name: 'Su correo electrónico' })).toHaveValue(
      member.email,
    );

    // Too short: said at the field, in Spanish, and the field takes the focus.
    const message = form.getByRole('textbox', { name: 'Su mensaje' });
    await message.fill('Hola');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(message).toBeFocused();
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toHaveAccessibleDescription(
      /Escriba un poco más: al menos 10 caracteres\./,
    );
    await expectNoAxeViolations(page, 'es/support, a message too short');

    await message.fill('No puedo cambiar mi foto de perfil.');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    const confirmation = page.getByRole('region', { name: 'Su solicitud se ha enviado' });
    await expect(confirmation).toContainText('Gracias. Hemos recibido su solicitud');
    const reference = (await confirmation.locator('strong').textContent()) ?? '';
    // Sent with the member's token: the support team sees a signed-in member.
    await expect
      .poll(async () =>
        (await mailsAbout(page.request, reference))
          .filter((mail) => mail.to === SUPPORT_ADDRESS)
          .map((mail) => mail.text.includes(`<${member.email}> (signed in)`)),
      )
      .toEqual([true]);
  });
});
