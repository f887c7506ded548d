import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { logInThroughPage, readyMember } from './helpers/members';

/**
 * Step 7, groups, in German: a member founds a private group from the groups list; another finds
 * it, asks to join and is told what happens next; the founder accepts him from the group's
 * management, to which her notifications lead her; he is told, then reads and writes in the
 * group, its members list shows both with the founder as its lead, and a third member still sees
 * only what the group is about. Every screen passes axe.
 */

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughPage(page, email, password);
  return page;
}

test('a member founds a private group, another asks to join and is accepted, and they write there', async ({
  browser,
  request,
}) => {
  const [greta, jonas, third] = await Promise.all([
    readyMember(request, 'Greta'),
    readyMember(request, 'Jonas'),
    readyMember(request, 'Dritte'),
  ]);
  const tag = Math.random().toString(36).slice(2, 7);
  const groupName = `CI-Stammtisch Köln ${tag}`;

  // Greta founds the group from the list.
  const page = await signedInPage(browser, greta.email, greta.password);
  await page.goto('/de/groups');
  await expect(page.getByRole('heading', { level: 1, name: 'Gruppen' })).toBeVisible();
  await expectNoAxeViolations(page, 'groups list (de)');
  await page.getByRole('button', { name: 'Eine Gruppe gründen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eine Gruppe gründen' });
  await expect(dialog).toBeVisible();
  // Nothing typed: the dialog says what is missing.
  await dialog.getByRole('button', { name: 'Gruppe gründen' }).click();
  await expect(dialog.getByText('Bitte geben Sie der Gruppe einen Namen.')).toBeVisible();
  await expectNoAxeViolations(page, 'founding a group (de)');
  await dialog.getByRole('textbox', { name: 'Name der Gruppe' }).fill(groupName);
  await dialog
    .getByRole('textbox', { name: 'Worum geht es in der Gruppe?' })
    .fill('Wir treffen uns einmal im Monat und tauschen Erfahrungen aus.');
  await dialog.getByRole('radio', { name: 'Private Gruppe' }).check();
  await dialog.getByRole('button', { name: 'Gruppe gründen' }).click();

  await expect(page).toHaveURL(/\/de\/groups\/ci-stammtisch-koln-/);
  const groupAddress = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(page.getByText('Sie leiten die Gruppe')).toBeVisible();
  await expect(page.getByText(`Ihre Gruppe „${groupName}“ ist gegründet.`)).toBeVisible();
  await expectNoAxeViolations(page, 'a group, its founder (de)');

  // Jonas finds it by name and asks to join; he may not read it yet.
  const jonasPage = await signedInPage(browser, jonas.email, jonas.password);
  await jonasPage.goto('/de/groups');
  await jonasPage.getByRole('searchbox', { name: 'Gruppen nach Namen suchen' }).fill(tag);
  await jonasPage.getByRole('link', { name: groupName }).click();
  await expect(jonasPage.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(
    jonasPage.getByText(
      'Diese Gruppe ist privat. Fragen Sie nach einem Beitritt, um ihre Beiträge zu lesen.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(jonasPage, 'a private group, an outsider (de)');
  await jonasPage.getByRole('button', { name: 'Beitritt anfragen' }).click();
  await expect(jonasPage.getByText('Anfrage gesendet')).toBeVisible();
  await expect(jonasPage.getByRole('button', { name: 'Anfrage zurückziehen' })).toBeVisible();
  // The members list is for members: he is sent back to the group's page.
  await jonasPage.goto(`${groupAddress}/members`);
  await expect(jonasPage).toHaveURL(new RegExp(`${groupAddress}$`));

  // Greta is told: the bell counts it, and her notifications lead her to the request.
  await page.reload();
  const bell = page.getByRole('link', { name: 'Benachrichtigungen, 1 neu' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible();
  const notice = page.getByRole('link', {
    name: `${jonas.nickname} möchte Ihrer Gruppe „${groupName}“ beitreten.`,
  });
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(page, 'notifications (de)');
  await notice.click();
  await expect(page.getByRole('tab', { name: 'Gruppe verwalten (1 Anfrage)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('link', { name: /^Benachrichtigungen$/ })).toBeVisible();

  // Greta accepts him from the group's management.
  await page.getByRole('tab', { name: 'Gruppe verwalten (1 Anfrage)' }).click();
  await expect(page.getByRole('heading', { name: 'Beitrittsanfragen' })).toBeVisible();
  await expectNoAxeViolations(page, 'managing a group (de)');
  await page.getByRole('button', { name: `${jonas.nickname} aufnehmen` }).click();
  await expect(page.getByText(`${jonas.nickname} ist jetzt Mitglied der Gruppe.`)).toBeVisible();
  await expect(page.getByText('Zurzeit wartet niemand auf einen Beitritt.')).toBeVisible();

  // Jonas is told too, and now asks a question in the group, from its Questions tab.
  await jonasPage.goto('/de/notifications');
  await expect(
    jonasPage.getByRole('link', {
      name: `Ihre Anfrage, der Gruppe „${groupName}“ beizutreten, wurde angenommen.`,
    }),
  ).toBeVisible();
  await jonasPage.goto(groupAddress);
  await expect(jonasPage.getByText('Sie sind Mitglied')).toBeVisible();
  await jonasPage.getByRole('tab', { name: 'Fragen' }).click();
  const question = `Wann ist das nächste Treffen ${tag}?`;
  await jonasPage.getByRole('textbox', { name: 'Ihre Frage' }).fill(question);
  await jonasPage.getByRole('textbox', { name: 'Text' }).click();
  await jonasPage.keyboard.type('Ich würde gern zum ersten Mal kommen.');
  await jonasPage.getByRole('button', { name: 'Frage stellen' }).click();
  await expect(jonasPage.getByRole('heading', { level: 1, name: question })).toBeVisible();
  await expect(jonasPage.getByRole('link', { name: `in ${groupName}` })).toBeVisible();

  // Greta finds it in the group; the members list shows both, her as the group's lead.
  await page.goto(`${groupAddress}?tab=questions`);
  await expect(page.getByRole('link', { name: question })).toBeVisible();
  await expectNoAxeViolations(page, 'a group’s questions (de)');
  await page.getByRole('link', { name: 'Mitglieder ansehen' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Mitglieder von ${groupName}` }),
  ).toBeVisible();
  const members = page.getByRole('list').filter({ hasText: jonas.nickname });
  await expect(members.getByRole('link', { name: jonas.nickname, exact: true })).toBeVisible();
  await expect(
    members
      .getByRole('listitem')
      .filter({ hasText: greta.nickname })
      .getByText('Gruppenleitung', { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'a group’s members (de)');

  // A third member sees what the group is about, never the question.
  const thirdPage = await signedInPage(browser, third.email, third.password);
  await thirdPage.goto(groupAddress);
  await expect(thirdPage.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(thirdPage.getByText(question)).toHaveCount(0);
  const feed = await request.get('/api/posts/feed', {
    headers: { Authorization: `Bearer ${third.token}` },
  });
  expect(JSON.stringify(await feed.json())).not.toContain(question);
});
