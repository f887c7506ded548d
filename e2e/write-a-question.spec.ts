import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { logInThroughPage, readyMember } from './helpers/members';

/**
 * Step 7: a member asks a question in Spanish in her group from "Mis publicaciones", with the
 * keyboard's bold shortcut and a script typed as text; the question opens on its own page, in its
 * group, where the script is plain text. The author changes it; another member reads it without the author's
 * actions, saves it to read again and answers it; the asker replies mentioning him and accepts
 * his answer; the author deletes the question. Every screen passes axe.
 */

/** A 1×1 PNG, as a photo a member picks (the server re-encodes it). */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A script that ran would open a dialog: fail at once if one does.
  page.on('dialog', (dialog) => {
    throw new Error(`a script ran in the page: ${dialog.message()}`);
  });
  await logInThroughPage(page, email, password);
  return page;
}

test('a member asks a question in Spanish, changes it, another reads it, and the author deletes it', async ({
  browser,
  request,
}) => {
  const ana = await readyMember(request, 'Ana');
  const luis = await readyMember(request, 'Luis');
  // A name search (the mention list) finds members with a name (spec §5).
  const named = await request.put('/api/update-profile', {
    data: { firstName: 'Luis' },
    headers: { Authorization: `Bearer ${luis.token}` },
  });
  expect(named.ok()).toBe(true);
  const tag = Math.random().toString(36).slice(2, 7);
  const title = `¿Qué procesador usan ${tag}?`;
  // Ana runs a group; Luis joins it (the group screens have a journey of their own).
  const groupName = `Implantes en Sevilla ${tag}`;
  const created = await request.post('/api/social/groups', {
    data: { name: groupName, status: 'public' },
    headers: { Authorization: `Bearer ${ana.token}` },
  });
  expect(created.status()).toBe(201);
  const group = (await created.json()) as { id: number; slug: string };
  const joined = await request.post(`/api/social/groups/${group.id}/members`, {
    data: { user_id: luis.id },
    headers: { Authorization: `Bearer ${luis.token}` },
  });
  expect(joined.ok()).toBe(true);
  const payload = '<img src=x onerror=alert(1)>';

  const page = await signedInPage(browser, ana.email, ana.password);
  await page.goto('/es/posts/mine');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis publicaciones' })).toBeVisible();
  await expect(page.getByText('Todavía no ha escrito nada.', { exact: false })).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'Texto' });
  await expect(editor).toBeVisible();
  await expectNoAxeViolations(page, 'my posts with the composer (es)');

  // Nothing written yet: the form says what is missing and changes nothing.
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Dele un título a su publicación.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Título' })).toBeFocused();

  await page.getByRole('radio', { name: 'Una pregunta' }).check();
  await page.getByRole('textbox', { name: 'Su pregunta' }).fill(title);
  await editor.click();
  await page.keyboard.type('Tengo un implante desde ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('marzo');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(`. Probé esto: ${payload}`);
  // The formats are one toolbar: one tab stop, the arrow keys move between them.
  const toolbar = page.getByRole('toolbar', { name: 'Formato del texto' });
  await toolbar.getByRole('button', { name: 'Negrita' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Cursiva' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Negrita' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // The post's language is preset to the interface language.
  await expect(page.getByRole('combobox', { name: 'Idioma de la publicación' })).toHaveText(
    'Español',
  );
  // She asks it in her group.
  await page.getByRole('combobox', { name: 'Publicar en' }).click();
  await page.getByRole('option', { name: groupName }).click();
  await expect(page.getByRole('combobox', { name: 'Publicar en' })).toHaveText(groupName);
  await page.getByRole('button', { name: 'Hacer la pregunta' }).click();

  await expect(page).toHaveURL(new RegExp(`/es/post/que-procesador-usan-${tag}$`));
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(article.getByText('Pregunta', { exact: true })).toBeVisible();
  await expect(article.getByRole('link', { name: `en ${groupName}` })).toHaveAttribute(
    'href',
    `/es/groups/${group.slug}`,
  );
  await expect(article.locator('strong', { hasText: 'marzo' })).toBeVisible();
  // The script is text to read, not an element.
  await expect(article.getByText(payload, { exact: false })).toBeVisible();
  await expect(article.locator('img')).toHaveCount(0);
  await expect(page.getByText('Su publicación está publicada.')).toBeVisible();
  await expectNoAxeViolations(page, 'a question, its author reading (es)');

  // Her home page is her feed: the question is there, below a button that opens the composer
  // (its editor loads only then, decision 0057).
  const questionAddress = page.url();
  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: 'Inicio' })
    .click();
  const feed = page.getByRole('region', { name: 'Novedades de su comunidad' });
  await expect(feed.getByRole('link', { name: title })).toBeVisible();
  await expect(feed.getByRole('textbox', { name: 'Texto' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'home with the feed (es)');
  const write = feed.getByRole('button', { name: 'Escribir una publicación o hacer una pregunta' });
  await write.focus();
  await page.keyboard.press('Enter');
  // Opened by keyboard, the composer takes the focus at its first field.
  await expect(feed.getByRole('radio', { name: 'Una publicación' })).toBeFocused();
  await expect(feed.getByRole('textbox', { name: 'Texto' })).toBeVisible();
  await expectNoAxeViolations(page, 'home with the composer open (es)');
  await feed.getByRole('button', { name: 'Cancelar' }).click();
  await expect(write).toBeFocused();
  await page.goto(questionAddress);

  // The author changes the title; the address stays.
  await page.getByRole('button', { name: 'Editar' }).click();
  const changed = `${title} (actualizada)`;
  await page.getByRole('textbox', { name: 'Su pregunta' }).fill(changed);
  // She adds a photo, described for members who cannot see it.
  await page.getByRole('textbox', { name: 'Texto' }).click();
  await page.keyboard.press('Control+End');
  await page.getByRole('button', { name: 'Imagen' }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Añadir una imagen' });
  await expect(imageDialog).toBeVisible();
  await expectNoAxeViolations(page, 'adding an image (es)');
  await imageDialog.getByLabel('Archivo de imagen').setInputFiles({
    name: 'procesador.png',
    mimeType: 'image/png',
    buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
  });
  await imageDialog.getByRole('button', { name: 'Añadir imagen' }).click();
  await expect(imageDialog.getByText('Describa la imagen.')).toBeVisible();
  await imageDialog
    .getByRole('textbox', { name: 'Descripción de la imagen' })
    .fill('Mi procesador');
  await imageDialog.getByRole('button', { name: 'Añadir imagen' }).click();
  await expect(imageDialog).toBeHidden();
  await expectNoAxeViolations(page, 'changing a question (es)');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: changed })).toBeVisible();
  await expect(
    page.getByRole('article').getByRole('img', { name: 'Mi procesador' }),
  ).toHaveAttribute('src', /^\/media\/posts\/\d+\/[A-Za-z0-9_-]+\.webp$/);
  await expect(page).toHaveURL(new RegExp(`/es/post/que-procesador-usan-${tag}$`));

  // Another member reads it, without the author's actions.
  const address = new URL(page.url()).pathname;
  const luisPage = await signedInPage(browser, luis.email, luis.password);
  await luisPage.goto(address);
  await expect(luisPage.getByRole('heading', { level: 1, name: changed })).toBeVisible();
  await expect(luisPage.getByRole('link', { name: `De ${ana.nickname}` })).toBeVisible();
  await expect(luisPage.getByRole('button', { name: 'Copiar enlace' })).toBeVisible();
  await expect(luisPage.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(luisPage.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
  await expectNoAxeViolations(luisPage, 'a question, another member reading (es)');

  // Luis saves it and finds it again among his saved posts.
  await luisPage.getByRole('button', { name: 'Guardar' }).click();
  await expect(luisPage.getByRole('button', { name: 'Guardada' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await luisPage
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: 'Publicaciones guardadas' })
    .click();
  await expect(
    luisPage.getByRole('heading', { level: 1, name: 'Publicaciones guardadas' }),
  ).toBeVisible();
  await expect(luisPage.getByRole('link', { name: changed })).toBeVisible();
  await expectNoAxeViolations(luisPage, 'saved posts (es)');

  // Luis answers the question.
  await luisPage.goto(address);
  await luisPage.getByRole('textbox', { name: 'Su respuesta', exact: true }).click();
  await luisPage.keyboard.type('Yo uso el streaming directo al teléfono.');
  await luisPage.getByRole('button', { name: 'Enviar respuesta' }).click();
  const luisAnswer = luisPage.getByRole('article', { name: luis.nickname });
  await expect(luisAnswer.getByText('Yo uso el streaming directo al teléfono.')).toBeVisible();
  await expect(luisPage.getByRole('heading', { level: 2, name: '1 respuesta' })).toBeVisible();

  // Ana replies to it, mentioning Luis, and accepts his answer.
  await page.reload();
  const answerOnAnasPage = page.getByRole('article', { name: luis.nickname });
  await answerOnAnasPage.getByRole('button', { name: 'Responder' }).click();
  const replyBox = answerOnAnasPage.getByRole('textbox', {
    name: `Su respuesta a ${luis.nickname}`,
  });
  await replyBox.click();
  await page.keyboard.type('¡Gracias! ');
  await answerOnAnasPage
    .getByRole('combobox', { name: 'Mencionar a un miembro' })
    .fill(luis.nickname.slice(0, 8));
  await page.getByRole('option', { name: luis.nickname }).click();
  await expect(replyBox.locator('.mention')).toHaveText(`@${luis.nickname}`);
  await expectNoAxeViolations(page, 'replying with a mention (es)');
  await answerOnAnasPage.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(
    page
      .getByRole('list', { name: `Respuestas a ${luis.nickname}` })
      .getByText(`@${luis.nickname}`),
  ).toBeVisible();
  await answerOnAnasPage.getByRole('button', { name: 'Aceptar como respuesta' }).click();
  await expect(answerOnAnasPage.getByText('Respuesta aceptada')).toBeVisible();
  await expectNoAxeViolations(page, 'a question with its accepted answer (es)');

  // Luis sees his answer accepted, and marks Ana's question helpful.
  await luisPage.reload();
  await expect(
    luisPage.getByRole('article', { name: luis.nickname }).getByText('Respuesta aceptada'),
  ).toBeVisible();
  const postActions = luisPage.getByRole('region', {
    name: 'Lo que puede hacer con esta publicación',
  });
  await postActions.getByRole('button', { name: 'Útil (0)' }).click();
  await expect(postActions.getByRole('button', { name: 'Útil (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The author deletes it, after saying so in a dialog.
  await page
    .getByRole('region', { name: 'Lo que puede hacer con esta publicación' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar esta publicación?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'deleting a question (es)');
  await dialog.getByRole('button', { name: 'Eliminar publicación' }).click();
  await expect(page).toHaveURL(/\/es\/posts\/mine$/);
  await expect(page.getByRole('link', { name: changed })).toHaveCount(0);

  await luisPage.goto('/es/posts/saved');
  await expect(
    luisPage.getByText('Todavía no ha guardado ninguna publicación.', { exact: false }),
  ).toBeVisible();
  await luisPage.goto(address);
  await expect(
    luisPage.getByRole('heading', { level: 1, name: 'Publicación no encontrada' }),
  ).toBeVisible();
  await expectNoAxeViolations(luisPage, 'a deleted post (es)');
});
