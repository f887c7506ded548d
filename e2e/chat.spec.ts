import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { logInThroughPage, readyMember } from './helpers/members';

/**
 * Step 8, live chat, in German: two connected members write to each other in two browsers. Greta
 * starts from Jonas's profile; Jonas, with the chat open, sees her message come in without
 * reloading, counted in his list and in the header; he opens it, and Greta sees "Gesehen" under
 * her message at once. He answers, and she sees it live too. Every screen passes axe. In Spanish,
 * a member without conversations is told where to start, also on a phone with large text.
 */

type Member = Awaited<ReturnType<typeof readyMember>>;

async function signedInPage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughPage(page, member.email, member.password);
  return page;
}

/** Makes the two members connections through the API (a request, then its acceptance). */
async function connect(request: APIRequestContext, asker: Member, accepter: Member) {
  const asked = await request.post('/api/social/friends', {
    data: { friend_id: accepter.id },
    headers: { Authorization: `Bearer ${asker.token}` },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const accepted = await request.post('/api/connection/accept-friend', {
    data: { userId: asker.id },
    headers: { Authorization: `Bearer ${accepter.token}` },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

test('two connected members chat live: the message arrives, is counted, read, and seen', async ({
  browser,
  request,
}) => {
  const [greta, jonas] = await Promise.all([
    readyMember(request, 'Greta'),
    readyMember(request, 'Jonas'),
  ]);
  await connect(request, greta, jonas);
  const text = `Kommst du am Freitag zum Treffen? ${Math.random().toString(36).slice(2, 6)}`;

  // Jonas has the chat open, with nothing in it yet.
  const jonasPage = await signedInPage(browser, jonas);
  await jonasPage.goto('/de/chat');
  await expect(jonasPage.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  await expect(jonasPage.getByText('Sie haben noch keine Unterhaltungen.')).toBeVisible();

  // Greta starts from his profile.
  const page = await signedInPage(browser, greta);
  await page.goto(`/de/profile/${encodeURIComponent(jonas.nickname)}`);
  await page.getByRole('link', { name: `Nachricht an ${jonas.nickname} schreiben` }).click();
  await expect(page).toHaveURL(new RegExp(`/de/chat\\?to=${jonas.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: jonas.nickname })).toBeFocused();
  await expectNoAxeViolations(page, 'a new conversation (de)');
  const field = page.getByRole('textbox', { name: 'Ihre Nachricht' });
  await expect(page.getByRole('button', { name: 'Senden' })).toBeDisabled();
  await field.fill(text);
  await field.press('Enter');
  // The first message made the conversation; the address now names it.
  await expect(page).toHaveURL(/\/de\/chat\?thread=\d+$/);
  const mine = page.getByRole('region', { name: `Nachrichten mit ${jonas.nickname}` });
  await expect(mine.getByText(text)).toBeVisible();
  await expect(mine.getByText('Gesehen')).toHaveCount(0);

  // Jonas sees it come in, without reloading: in his list, counted, and in the header.
  const thread = jonasPage.getByRole('link', { name: new RegExp(greta.nickname) });
  await expect(thread).toContainText(text);
  await expect(thread).toContainText('1 ungelesen');
  const header = jonasPage.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Chat, 1 ungelesene Nachricht' })).toBeVisible();

  // He opens it: the focus goes to who it is with, the message is there.
  await thread.click();
  await expect(jonasPage.getByRole('heading', { level: 2, name: greta.nickname })).toBeFocused();
  const theirs = jonasPage.getByRole('region', { name: `Nachrichten mit ${greta.nickname}` });
  await expect(theirs.getByText(text)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  await expectNoAxeViolations(jonasPage, 'a conversation (de)');

  // Greta sees that he read it, at once.
  await expect(mine.getByText('Gesehen')).toBeVisible();

  // He answers by keyboard; she sees it live.
  const answer = 'Ja, ich komme gern!';
  await jonasPage.getByRole('textbox', { name: 'Ihre Nachricht' }).fill(answer);
  await jonasPage.keyboard.press('Enter');
  await expect(theirs.getByText(answer)).toBeVisible();
  await expect(mine.getByText(answer)).toBeVisible();
  await expectNoAxeViolations(page, 'a conversation with an answer (de)');

  // On a phone with large text, the conversation alone, with a way back, and nothing sideways.
  await jonasPage.setViewportSize({ width: 360, height: 740 });
  await jonasPage.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
  await expect(
    jonasPage.getByRole('link', { name: 'Zurück zu Ihren Unterhaltungen' }),
  ).toBeVisible();
  await expect(jonasPage.getByRole('heading', { level: 2, name: 'Unterhaltungen' })).toBeHidden();
  await expect
    .poll(() =>
      jonasPage.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    )
    .toBe(true);
  await jonasPage.getByRole('link', { name: 'Zurück zu Ihren Unterhaltungen' }).click();
  await expect(jonasPage.getByRole('heading', { level: 2, name: 'Unterhaltungen' })).toBeFocused();
});

test('a member without conversations is told where to start, on a phone with large text too (es)', async ({
  browser,
  request,
}) => {
  const lucia = await readyMember(request, 'Lucía');
  const page = await signedInPage(browser, lucia);
  await page.goto('/es/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  await expect(page.getByText('Todavía no tiene conversaciones.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir a sus conexiones' })).toBeVisible();
  await expectNoAxeViolations(page, 'chat without conversations (es)');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    )
    .toBe(true);
});

test('a new notification appears live, counted in the header and the tab title (de)', async ({
  browser,
  request,
}) => {
  const [paula, jonas] = await Promise.all([
    readyMember(request, 'Paula'),
    readyMember(request, 'Jonas'),
  ]);
  const page = await signedInPage(browser, jonas);
  await page.goto('/de/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible();
  await expect(page.getByText('Nichts Neues.', { exact: false })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Benachrichtigungen', exact: true })).toBeVisible();

  // Paula asks to connect; Jonas's open page shows it without reloading.
  const asked = await request.post('/api/social/friends', {
    data: { friend_id: jonas.id },
    headers: { Authorization: `Bearer ${paula.token}` },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  await expect(page.getByText(`${paula.nickname} möchte sich mit Ihnen verbinden.`)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Benachrichtigungen, 1 neu' })).toBeVisible();
  await expect(page).toHaveTitle(/^\(1\) /);
  await expectNoAxeViolations(page, 'notifications with a live one (de)');
});
