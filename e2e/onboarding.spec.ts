import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers/accounts';
import { expectNoAxeViolations } from './helpers/axe';

/** Logs in through the Spanish login page; a new member lands on the onboarding. */
async function logInInSpanish(page: Page, account: { email: string; password: string }) {
  await page.goto('/es/login');
  await page
    .getByRole('textbox', { name: 'Nombre de usuario o correo electrónico' })
    .fill(account.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL('/es/profile/start');
  await expect(page.getByRole('heading', { level: 1, name: 'Configure su perfil' })).toBeVisible();
}

/** Expects step `step` of 7 with its title, its heading focused, and no axe violation. */
async function expectStep(page: Page, step: number, title: string) {
  const heading = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(heading).toHaveText(`Paso ${step} de 7${title}`);
  await expect(page.getByRole('progressbar')).toHaveAttribute(
    'aria-valuetext',
    `Paso ${step} de 7`,
  );
  await expectNoAxeViolations(page, `onboarding step ${step}`);
}

const saveAndContinue = (page: Page) =>
  page.getByRole('button', { name: 'Guardar y continuar' }).click();

async function authToken(page: Page): Promise<string> {
  const config = (await (await page.request.get('/config.json')).json()) as {
    authCookieName: string;
  };
  const cookie = (await page.context().cookies()).find(
    (entry) => entry.name === config.authCookieName,
  );
  expect(cookie?.value).toBeTruthy();
  return cookie!.value;
}

test.describe('onboarding', () => {
  test('a new member completes every step in Spanish with consent and the answers are kept', async ({
    page,
  }) => {
    const account = await signUpViaApi(page.request);
    const nickname = `ana-${Date.now().toString(36)}`;
    await logInInSpanish(page, account);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    // 1. About you: the display name is checked as the member types.
    await expectStep(page, 1, 'Sobre usted');
    await page.getByRole('textbox', { name: 'Nombre visible' }).fill(nickname);
    await expect(page.getByText('Este nombre está disponible.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Ana');
    await page.getByRole('textbox', { name: 'Año de nacimiento' }).fill('1952');
    await page.getByRole('textbox', { name: 'Titular' }).fill('Oigo con un implante coclear');
    await saveAndContinue(page);

    // 2. Consent, asked before any hearing question.
    await expectStep(page, 2, 'Sus datos auditivos y su privacidad');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeFocused();
    const consent = page.getByRole('checkbox', { name: /Acepto que mis datos auditivos/ });
    await expect(consent).not.toBeChecked();
    await saveAndContinue(page);
    await expect(page.getByRole('alert')).toContainText('Marque la casilla para aceptar');
    await expectNoAxeViolations(page, 'consent step with its error');
    await consent.check();
    await saveAndContinue(page);

    // 3. Hearing journey.
    await expectStep(page, 3, 'Su camino auditivo');
    await page
      .getByRole('combobox', { name: 'En qué punto de su camino auditivo está' })
      .selectOption('experienced');
    await page
      .getByRole('combobox', { name: 'Cómo empezó su pérdida auditiva' })
      .selectOption('gradual');
    await page
      .getByRole('textbox', { name: 'Su camino auditivo en sus propias palabras' })
      .fill('Poco a poco, con paciencia.');
    await saveAndContinue(page);

    // 4. Ears and devices.
    await expectStep(page, 4, 'Oídos y dispositivos');
    await page.getByRole('combobox', { name: 'Oído izquierdo' }).selectOption('cochlear-implant');
    await page.getByRole('combobox', { name: 'Oído derecho' }).selectOption('hearing-aid');
    await page.getByRole('combobox', { name: 'Tipo de dispositivo' }).selectOption('bimodal');
    await page.getByRole('combobox', { name: 'Tipo de audífono' }).selectOption('ric');
    await page.getByRole('radio', { name: 'Sí' }).check();
    await saveAndContinue(page);

    // 5. Where you live: a searchable country list, then its regions.
    await expectStep(page, 5, 'Dónde vive');
    await page.getByRole('combobox', { name: 'País' }).fill('Espa');
    await page.getByRole('option', { name: 'España' }).click();
    const region = page.getByRole('combobox', { name: 'Región' });
    await expect(region.getByRole('option', { name: 'Madrid' })).toBeAttached();
    await region.selectOption('M');
    await expectNoAxeViolations(page, 'onboarding step 5 filled');
    await saveAndContinue(page);

    // 6. Interests and languages.
    await expectStep(page, 6, 'Intereses e idiomas');
    await page
      .getByRole('group', { name: 'Intereses' })
      .getByRole('checkbox', { name: 'Música', exact: true })
      .check();
    await page.getByRole('combobox', { name: 'Idiomas que habla' }).fill('Españ');
    await page.getByRole('option', { name: 'Español' }).click();
    await page
      .getByRole('group', { name: 'Apoyo que busca' })
      .getByRole('checkbox', { name: 'Llamadas telefónicas' })
      .check();
    await saveAndContinue(page);

    // 7. Welcome message and automatic response, the last step.
    await expectStep(page, 7, 'Mensaje de bienvenida y respuesta automática');
    await page.getByRole('textbox', { name: 'Mensaje de bienvenida' }).fill('¡Hola a todos!');
    await page.getByRole('radio', { name: 'Sí' }).check();
    await page
      .getByRole('textbox', { name: 'Respuesta automática' })
      .fill('Gracias, le respondo pronto.');
    await expectNoAxeViolations(page, 'onboarding step 7 with the automatic response');
    await page.getByRole('button', { name: 'Guardar y terminar' }).click();

    await expect(page).toHaveURL(/\/es\/?$/);
    await expect(page.getByText('Su perfil está listo. ¡Bienvenido a la comunidad!')).toBeVisible();

    // After a reload the member stays home (setup complete) and every answer is stored.
    await page.reload();
    await expect(page).toHaveURL(/\/es\/?$/);
    const answer = await page.request.get('/api/fetch-user', {
      headers: { Authorization: `Bearer ${await authToken(page)}` },
    });
    expect(answer.ok()).toBe(true);
    const profile = (await answer.json()) as {
      nickname: string;
      firstName: string;
      completedSetup: boolean;
      extendedProfile: Array<{ name: string; value: { raw: string } }>;
    };
    const fields = Object.fromEntries(
      profile.extendedProfile.map((field) => [field.name, field.value.raw]),
    );
    expect(profile).toMatchObject({ nickname, firstName: 'Ana', completedSetup: true });
    expect(fields).toMatchObject({
      'Completed setup': 'yes',
      'Year of birth': '1952',
      Headline: 'Oigo con un implante coclear',
      Stage: 'experienced',
      Journey: 'gradual',
      'My journey description': 'Poco a poco, con paciencia.',
      'Left ear': 'cochlear-implant',
      'Right ear': 'hearing-aid',
      'Device type': 'bimodal',
      'Hearing aid type': 'ric',
      'Use hearing': 'yes',
      Country: 'ES',
      // The form sends the region's code; it is kept by its name, as settings and the directory use it.
      Region: 'Madrid',
      Interests: 'music',
      'Speaking languages': 'es',
      'Seek support for': 'phone-calls',
      'Welcome message': '¡Hola a todos!',
      'Enable automatic response': 'yes',
      'Automatic response': 'Gracias, le respondo pronto.',
    });
  });

  test('a member who leaves after step 2 comes back at step 3', async ({ page, context }) => {
    const account = await signUpViaApi(page.request);
    await logInInSpanish(page, account);
    await expectStep(page, 1, 'Sobre usted');
    // Nothing is offered as a display name (none is made from the e-mail address): Luis picks one.
    const displayName = page.getByRole('textbox', { name: 'Nombre visible' });
    await expect(displayName).toHaveValue('');
    await displayName.fill(`Luis ${Date.now().toString(36)}`);
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Luis');
    await saveAndContinue(page);
    await expectStep(page, 2, 'Sus datos auditivos y su privacidad');
    await page.getByRole('checkbox', { name: /Acepto que mis datos auditivos/ }).check();
    await saveAndContinue(page);
    await expectStep(page, 3, 'Su camino auditivo');
    await page.close();

    // Later, in a new tab of the same browser, the member opens the onboarding again.
    const later = await context.newPage();
    await later.goto('/es/profile/start');
    await expectStep(later, 3, 'Su camino auditivo');
    // What was saved is shown again when going back.
    await later.getByRole('button', { name: 'Atrás' }).click();
    await later.getByRole('button', { name: 'Atrás' }).click();
    await expectStep(later, 1, 'Sobre usted');
    await expect(later.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue('Luis');
  });
});
