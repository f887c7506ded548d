import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { logInThroughPage, readyMember } from './helpers/members';

/**
 * Step 6: two members, each in their own browser, on the German connections page. One finds the
 * other by name without typing the umlaut, asks to connect; the other accepts; both then see each
 * other among their connections. Every state of the page passes axe.
 */

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughPage(page, email, password);
  return page;
}

const section = (page: Page, title: RegExp) => page.getByRole('region', { name: title });

test('two members find each other, connect, and see each other as connections (German)', async ({
  browser,
  request,
}) => {
  const jurgen = await readyMember(request, 'Jürgen Müller');
  // A name search lists members with a name (spec §5).
  const named = await request.put('/api/update-profile', {
    data: { firstName: 'Jürgen' },
    headers: { Authorization: `Bearer ${jurgen.token}` },
  });
  expect(named.ok()).toBe(true);
  const ana = await readyMember(request, 'Ana');

  const anasPage = await signedInPage(browser, ana.email, ana.password);
  await anasPage.goto('/de/connections');
  await expect(anasPage.getByRole('heading', { level: 1, name: 'Kontakte' })).toBeVisible();
  await expect(
    section(anasPage, /^Ihre Kontakte/).getByText('Sie haben noch keine Kontakte.', {
      exact: false,
    }),
  ).toBeVisible();
  await expectNoAxeViolations(anasPage, 'connections, empty (de)');

  // Lower case, no umlaut: still found.
  await anasPage.getByLabel('Name', { exact: true }).fill('muller');
  await anasPage.getByRole('button', { name: 'Suchen' }).click();
  const results = anasPage.getByRole('list', { name: 'Gefundene Mitglieder' });
  await expect(results.getByRole('link', { name: jurgen.nickname, exact: true })).toBeVisible();
  await expect(anasPage.getByRole('status').filter({ hasText: 'gefunden' })).toBeVisible();
  await expectNoAxeViolations(anasPage, 'connections, search results (de)');

  await results.getByRole('button', { name: `Mit ${jurgen.nickname} verbinden` }).click();
  await expect(
    anasPage.getByText(`Ihre Anfrage wurde an ${jurgen.nickname} geschickt.`),
  ).toBeVisible();
  // The focus stays with the member: on the button that now withdraws the request.
  await expect(
    results.getByRole('button', { name: `Anfrage an ${jurgen.nickname} zurückziehen` }),
  ).toBeFocused();
  await expect(
    section(anasPage, /^Ihre Anfragen \(1\)/).getByRole('link', {
      name: jurgen.nickname,
      exact: true,
    }),
  ).toBeVisible();
  await expectNoAxeViolations(anasPage, 'connections, request sent (de)');

  const jurgensPage = await signedInPage(browser, jurgen.email, jurgen.password);
  await jurgensPage.goto('/de/connections');
  const incoming = section(jurgensPage, /^Anfragen an Sie \(1\)/);
  await expect(incoming.getByRole('link', { name: ana.nickname, exact: true })).toBeVisible();
  await expectNoAxeViolations(jurgensPage, 'connections, request received (de)');
  await incoming.getByRole('button', { name: `Anfrage von ${ana.nickname} annehmen` }).click();
  await expect(
    jurgensPage.getByText(`Sie sind jetzt mit ${ana.nickname} verbunden.`),
  ).toBeVisible();
  await expect(
    section(jurgensPage, /^Ihre Kontakte \(1\)/).getByRole('link', {
      name: ana.nickname,
      exact: true,
    }),
  ).toBeVisible();
  // A connection can be written to from the list.
  await expect(
    section(jurgensPage, /^Ihre Kontakte \(1\)/).getByRole('link', {
      name: `Nachricht an ${ana.nickname} schreiben`,
    }),
  ).toHaveAttribute('href', /\/de\/chat\?to=\d+$/);
  await expect(section(jurgensPage, /^Anfragen an Sie \(0\)/)).toBeVisible();
  // Jürgen moved to the connections list, and the focus went with him.
  await expect(
    section(jurgensPage, /^Ihre Kontakte \(1\)/).getByRole('button', {
      name: `Verbindung mit ${ana.nickname} beenden`,
    }),
  ).toBeFocused();
  await expectNoAxeViolations(jurgensPage, 'connections, connected (de)');

  // Ana's page has not heard yet: withdrawing now is refused, with the reason beside the buttons,
  // and the page shows the connection as it is.
  await section(anasPage, /^Ihre Anfragen \(1\)/)
    .getByRole('button', { name: `Anfrage an ${jurgen.nickname} zurückziehen` })
    .click();
  // The reason, and the focus, go with Jürgen to the list that now holds him.
  const anasConnections = section(anasPage, /^Ihre Kontakte \(1\)/);
  await expect(anasConnections.getByRole('alert')).toHaveText(
    'Sie sind bereits mit diesem Mitglied verbunden.',
  );
  await expect(
    anasConnections.getByRole('button', { name: `Verbindung mit ${jurgen.nickname} beenden` }),
  ).toBeFocused();
  await expectNoAxeViolations(anasPage, 'connections, refused as out of date (de)');

  await anasPage.reload();
  await expect(
    section(anasPage, /^Ihre Kontakte \(1\)/).getByRole('link', {
      name: jurgen.nickname,
      exact: true,
    }),
  ).toBeVisible();
  // The profile says so too, and offers to end the connection.
  await anasPage.goto(`/de/profile/${encodeURIComponent(jurgen.nickname)}`);
  await expect(anasPage.getByText(`Sie sind mit ${jurgen.nickname} verbunden.`)).toBeVisible();
  await expect(
    anasPage.getByRole('button', { name: `Verbindung mit ${jurgen.nickname} beenden` }),
  ).toBeVisible();
  await expectNoAxeViolations(anasPage, 'profile, connected (de)');
});

test('a member jumps to the search by keyboard and narrows it by interest and region (English)', async ({
  page,
  request,
}) => {
  const eve = await readyMember(request, 'Eve');
  await logInThroughPage(page, eve.email, eve.password);
  await page.goto('/en/connections');
  await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible();

  // Skip link, then "On this page": the search is seven key presses away, not ~28.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  const jump = page.getByRole('navigation', { name: 'On this page' });
  await page.keyboard.press('Tab');
  await expect(jump.getByRole('link', { name: 'Requests for you (0)' })).toBeFocused();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
  await expect(jump.getByRole('link', { name: 'Find members' })).toBeFocused();
  await expectNoAxeViolations(page, 'connections, jump list focused (en)');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Find members' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();

  // Demo members: Klaus (Nordrhein-Westfalen, family), Lucía (Jalisco, family), Sophie (Bayern).
  const search = page.getByRole('search', { name: 'Find members' });
  const results = page.getByRole('list', { name: 'Members found' });
  await search.getByRole('combobox', { name: 'Interests' }).selectOption({ label: 'Family' });
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(results.getByRole('link', { name: 'Klaus Weber' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Lucía Fernández' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Maria Member' })).toHaveCount(0);

  const region = search.getByRole('combobox', { name: 'Region' });
  await search.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Germany' });
  await expect(region.getByRole('option', { name: 'Nordrhein-Westfalen' })).toBeAttached();
  await region.selectOption({ label: 'Nordrhein-Westfalen' });
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 member found.' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Klaus Weber' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Lucía Fernández' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'connections, search by interest and region (en)');

  // Clear filters: an empty form, no results, and the focus back in the name field.
  await search.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expect(region).toHaveValue('');
  await expect(results).toHaveCount(0);
});

test('connecting from the suggestions keeps the focus with the member, in their new list (Spanish)', async ({
  page,
  request,
}) => {
  // Two members with a country, a language and interests in common that others here rarely have.
  const alike = { country: 'IS', speakingLanguages: 'is', interests: 'volunteering,arts' };
  const [lucia, sigrun] = await Promise.all([
    readyMember(request, 'Lucía'),
    readyMember(request, 'Sigrún'),
  ]);
  for (const member of [lucia, sigrun]) {
    const saved = await request.put('/api/update-profile', {
      data: alike,
      headers: { Authorization: `Bearer ${member.token}` },
    });
    expect(saved.ok()).toBe(true);
  }

  await logInThroughPage(page, lucia.email, lucia.password);
  await page.goto('/es/connections');
  const suggested = section(page, /^Personas como usted/);
  const connect = suggested.getByRole('button', { name: `Conectar con ${sigrun.nickname}` });
  await expect(connect).toBeVisible();
  await connect.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Su solicitud se ha enviado a ${sigrun.nickname}.`)).toBeVisible();
  // She left the suggestions for "Sus solicitudes", and the focus went with her there, whichever
  // of the two lists the page read again first.
  const withdraw = section(page, /^Sus solicitudes \(1\)/).getByRole('button', {
    name: `Retirar la solicitud a ${sigrun.nickname}`,
  });
  await expect(withdraw).toBeFocused();
  await expect(
    suggested.getByRole('button', { name: `Conectar con ${sigrun.nickname}` }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page, 'connections, request sent from the suggestions (es)');

  // Withdrawn from there, she is suggested again, and the focus goes back with her.
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Ha retirado su solicitud a ${sigrun.nickname}.`)).toBeVisible();
  await expect(connect).toBeFocused();
  await expect(section(page, /^Sus solicitudes \(0\)/)).toBeVisible();
});

test('declining a request and ending a connection by keyboard, each told to the other member (German)', async ({
  browser,
  request,
}) => {
  const [ana, ben, carl] = await Promise.all([
    readyMember(request, 'Ana'),
    readyMember(request, 'Ben'),
    readyMember(request, 'Carl'),
  ]);
  const as = (member: { token: string }) => ({ Authorization: `Bearer ${member.token}` });
  // Ben asks Ana; Carl and Ana are already connected.
  for (const [from, to] of [
    [ben, ana],
    [carl, ana],
  ] as const) {
    const asked = await request.post('/api/social/friends', {
      data: { friend_id: to.id },
      headers: as(from),
    });
    expect(asked.ok(), await asked.text()).toBe(true);
  }
  const accepted = await request.post('/api/connection/accept-friend', {
    data: { userId: carl.id },
    headers: as(ana),
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  // Carl has his notifications open: the end of the connection reaches him there.
  const carlsPage = await signedInPage(browser, carl.email, carl.password);
  await carlsPage.goto('/de/notifications');
  await expect(
    carlsPage.getByText(`${ana.nickname} hat Ihre Kontaktanfrage angenommen.`),
  ).toBeVisible();

  const page = await signedInPage(browser, ana.email, ana.password);
  await page.goto('/de/connections');
  const decline = section(page, /^Anfragen an Sie \(1\)/).getByRole('button', {
    name: `Anfrage von ${ben.nickname} ablehnen`,
  });
  await decline.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(`Sie haben die Anfrage von ${ben.nickname} abgelehnt.`),
  ).toBeVisible();
  // Ben is in no list now: the focus waits on the heading of the list he left.
  await expect(page.getByRole('heading', { level: 2, name: 'Anfragen an Sie (0)' })).toBeFocused();
  await expectNoAxeViolations(page, 'connections, request declined (de)');

  // Ending a connection asks first; "keep" changes nothing and gives the focus back.
  const end = section(page, /^Ihre Kontakte \(1\)/).getByRole('button', {
    name: `Verbindung mit ${carl.nickname} beenden`,
  });
  await end.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Verbindung mit ${carl.nickname} beenden?` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'connections, end connection dialog (de)');
  await dialog.getByRole('button', { name: 'Verbindung behalten' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(end).toBeFocused();

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Verbindung beenden' }).click();
  await expect(page.getByText(`Sie sind nicht mehr mit ${carl.nickname} verbunden.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ihre Kontakte (0)' })).toBeFocused();
  await expectNoAxeViolations(page, 'connections, connection ended (de)');

  // Carl reads it live, in his language; Ben finds his answer among his notifications.
  await expect(
    carlsPage.getByText(`${ana.nickname} hat die Verbindung mit Ihnen beendet.`),
  ).toBeVisible();
  await expectNoAxeViolations(carlsPage, 'notifications, connection ended (de)');
  const bensPage = await signedInPage(browser, ben.email, ben.password);
  await bensPage.goto('/de/notifications');
  await expect(
    bensPage.getByText(`${ana.nickname} hat Ihre Kontaktanfrage nicht angenommen.`),
  ).toBeVisible();
});
