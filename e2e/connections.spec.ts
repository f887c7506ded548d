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
  await expect(results.getByRole('link', { name: jurgen.nickname })).toBeVisible();
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
    section(anasPage, /^Ihre Anfragen \(1\)/).getByRole('link', { name: jurgen.nickname }),
  ).toBeVisible();
  await expectNoAxeViolations(anasPage, 'connections, request sent (de)');

  const jurgensPage = await signedInPage(browser, jurgen.email, jurgen.password);
  await jurgensPage.goto('/de/connections');
  const incoming = section(jurgensPage, /^Anfragen an Sie \(1\)/);
  await expect(incoming.getByRole('link', { name: ana.nickname })).toBeVisible();
  await expectNoAxeViolations(jurgensPage, 'connections, request received (de)');
  await incoming.getByRole('button', { name: `Anfrage von ${ana.nickname} annehmen` }).click();
  await expect(
    jurgensPage.getByText(`Sie sind jetzt mit ${ana.nickname} verbunden.`),
  ).toBeVisible();
  await expect(
    section(jurgensPage, /^Ihre Kontakte \(1\)/).getByRole('link', { name: ana.nickname }),
  ).toBeVisible();
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
    section(anasPage, /^Ihre Kontakte \(1\)/).getByRole('link', { name: jurgen.nickname }),
  ).toBeVisible();
  // The profile says so too, and offers to end the connection.
  await anasPage.goto(`/de/profile/${encodeURIComponent(jurgen.nickname)}`);
  await expect(anasPage.getByText(`Sie sind mit ${jurgen.nickname} verbunden.`)).toBeVisible();
  await expect(
    anasPage.getByRole('button', { name: `Verbindung mit ${jurgen.nickname} beenden` }),
  ).toBeVisible();
  await expectNoAxeViolations(anasPage, 'profile, connected (de)');
});
