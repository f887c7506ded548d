import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { logInThroughPage } from './helpers/members';
import { settled } from './helpers/settled';

/**
 * Step 9, content editing: a manager adds a question to the Spanish FAQ and a member finds it
 * through the search; an administrator changes an interface text in German and it shows after a
 * reload, without a rebuild; the FAQ page and the three editors pass axe.
 */

/** The demo accounts' password (README: the seeded demo). */
const DEMO_PASSWORD = 'attune-demo-2026';

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughPage(page, username, DEMO_PASSWORD);
  return page;
}

test('a manager adds a Spanish FAQ question and a member finds it through the search', async ({
  browser,
}) => {
  const place = `Valencia-${Math.random().toString(36).slice(2, 7)}`;
  const question = `¿Hay encuentros presenciales en ${place}?`;

  const manager = await signedInPage(browser, 'manager');
  await manager.goto('/es/medel/faq');
  await expect(
    manager.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' }),
  ).toBeVisible();
  await expect(manager.getByRole('combobox', { name: 'Idioma de las preguntas' })).toHaveValue(
    'es',
  );
  const headings = manager.getByRole('heading', { level: 2, name: /^Pregunta \d+$/ });
  await expect(headings.first()).toBeVisible();
  const before = await headings.count();

  await manager.getByRole('button', { name: 'Añadir una pregunta' }).click();
  const newQuestion = manager.getByRole('textbox', { name: 'Pregunta' }).last();
  await expect(newQuestion).toBeFocused();
  await newQuestion.fill(question);
  const answer = manager.getByRole('textbox', { name: 'Respuesta' }).last();
  await answer.click();
  await manager.keyboard.type('Sí, una vez al mes en la biblioteca central. Todo se subtitula.');

  // Moved up by keyboard: the focus stays on the moved question's button.
  const last = before + 1;
  await manager
    .getByRole('button', { name: `Subir la pregunta ${last}`, exact: true })
    .press('Enter');
  await expect(
    manager.getByRole('button', { name: `Subir la pregunta ${last - 1}`, exact: true }),
  ).toBeFocused();
  await expect(manager.getByRole('textbox', { name: 'Pregunta' }).nth(last - 2)).toHaveValue(
    question,
  );

  await manager.getByRole('button', { name: 'Guardar las preguntas' }).click();
  await expect(manager.getByText('Las preguntas están guardadas.')).toBeVisible();
  await manager.context().close();

  const member = await signedInPage(browser, 'lucia');
  await member.goto('/es/faq');
  await expect(
    member.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' }),
  ).toBeVisible();
  const search = member.getByRole('searchbox', { name: 'Buscar en las preguntas' });
  // Case and accents do not matter.
  await search.fill(place.toUpperCase());
  const section = member.getByRole('region', { name: 'Preguntas y respuestas' });
  await expect(section.getByRole('status')).toHaveText('1 pregunta encontrada');
  const found = section.getByRole('button', { name: question });
  await expect(found).toHaveAttribute('aria-expanded', 'false');
  await found.press('Enter');
  await expect(found).toHaveAttribute('aria-expanded', 'true');
  await expect(section.getByRole('region', { name: question })).toContainText(
    'una vez al mes en la biblioteca central',
  );
  await member.context().close();
});

test('an administrator changes a German interface text and it shows after a reload', async ({
  browser,
}) => {
  const key = 'layout:footer.tagline';
  const text = `Gemeinsam gut hören – ${Math.random().toString(36).slice(2, 7)}`;

  const admin = await signedInPage(browser, 'admin');
  await admin.goto('/de/medel/translations');
  await expect(admin.getByRole('heading', { level: 1, name: 'Texte der App' })).toBeVisible();
  await expect(admin.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await admin.getByRole('searchbox', { name: 'Nach Wörtern oder Schlüssel suchen' }).fill(key);
  const row = admin.getByRole('listitem').filter({
    has: admin.getByRole('heading', { level: 2, name: key, exact: true }),
  });
  await expect(row).toHaveCount(1);
  await expect(admin.getByRole('status').filter({ hasText: 'angezeigt' })).toHaveText(
    '1 Text angezeigt',
  );
  await row.getByRole('textbox', { name: 'Ihr Text auf Deutsch' }).fill(text);
  await row.getByRole('button', { name: `Speichern: ${key}` }).click();
  await expect(admin.getByText('Gespeichert. Mitglieder sehen den neuen Text')).toBeVisible();

  // A visitor's next visit: the footer shows the new text (no rebuild, no restart).
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto('/de/about');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(text);
  await page.reload();
  await expect(footer).toContainText(text);
  // English is untouched.
  await page.goto('/en/about');
  await expect(footer).toContainText('A community for people who hear with implants');
  await expect(footer).not.toContainText(text);
  await visitor.close();

  // Back to the shipped text, so other journeys see it.
  await row.getByRole('button', { name: `Mitgelieferten Text verwenden: ${key}` }).click();
  await expect(admin.getByText('Der mitgelieferte Text wird wieder verwendet.')).toBeVisible();
  await admin.context().close();
});

test('the FAQ page and the three content editors pass axe', async ({ browser, page }) => {
  await page.goto('/en/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page
    .getByRole('region', { name: 'Cookies on Attune' })
    .getByRole('button', { name: 'Understood' })
    .click();
  const section = page.getByRole('region', { name: 'Questions and answers' });
  await expect(section.getByRole('status')).toHaveText(/\d+ questions/);
  await section.getByRole('button', { name: 'Is there sound anywhere in Attune?' }).click();
  await expect(
    section.getByRole('region', { name: 'Is there sound anywhere in Attune?' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'en/faq with a question open');
  await section.getByRole('searchbox', { name: 'Search the questions' }).fill('no such words');
  await expect(section.getByRole('status')).toHaveText('No question matches “no such words”.');
  await expectNoAxeViolations(page, 'en/faq with no match');

  const admin = await signedInPage(browser, 'admin');
  await admin.goto('/en/medel/pages');
  await expect(admin.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: /\d+ pages/ })).toBeVisible();
  await admin.getByRole('button', { name: 'Edit “About Attune” in English' }).click();
  await expect(
    admin.getByRole('heading', { level: 2, name: 'Edit “About Attune” in English' }),
  ).toBeFocused();
  await expect(admin.getByRole('textbox', { name: 'Content' })).toBeVisible();
  await admin.getByRole('button', { name: 'Show preview' }).click();
  await expect(
    admin.getByRole('heading', { level: 3, name: 'Preview, as it will be saved' }),
  ).toBeFocused();
  await settled(admin.locator('main'));
  await expectNoAxeViolations(admin, 'staff pages editor with a preview');

  await admin.goto('/en/medel/faq');
  await expect(admin.getByRole('heading', { level: 2, name: 'Question 1' })).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Answer' }).first()).toBeVisible();
  await expectNoAxeViolations(admin, 'staff FAQ editor');

  await admin.goto('/en/medel/translations');
  await expect(admin.getByRole('heading', { level: 1, name: 'Texts of the app' })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search by words or key' }).fill('footer');
  await expect(
    admin.getByRole('heading', { level: 2, name: 'layout:footer.contact' }),
  ).toBeVisible();
  await expectNoAxeViolations(admin, 'staff translations editor');
  await admin.context().close();
});
