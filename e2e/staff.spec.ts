import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LOGIN_MUTATION, type DevMail } from '@attune/contract';
import { strongPassword, uniqueEmail } from './helpers/accounts';
import { expectNoAxeViolations } from './helpers/axe';
import { latestMailMarker, readCodeFromMail } from './helpers/mail';
import { logInThroughPage, readyMember } from './helpers/members';
import { settled } from './helpers/settled';

/**
 * Step 9, the staff area: the area manager invites someone, who signs up through the mailed link
 * (its address filled in) and joins the manager's area; a member reports their post and the
 * manager hides it from the reports queue, after which the member no longer finds it. A member who
 * opens the staff area learns it is not for them; every staff screen and the community settings
 * pass axe.
 */

/** The demo accounts' password (README: the seeded demo). */
const DEMO_PASSWORD = 'attune-demo-2026';

/** The sign-up link (path and query) of the invitation mailed to `email`, once it has gone out. */
async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/dev/mail.json')).json()) as DevMail[];
      const mail = mails.find((one) => one.to.toLowerCase().includes(email.toLowerCase()));
      link = /https?:\/\/[^\s]+\/register\?invite=[\w-]+/.exec(mail?.text ?? '')?.[0];
      return Boolean(link);
    })
    .toBe(true);
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** An auth token for the REST API, as the web app gets one by logging in. */
async function tokenFor(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/graphql', {
    data: { query: LOGIN_MUTATION, variables: { input: { username: email, password } } },
  });
  return ((await login.json()) as { data: { login: { authToken: string } } }).data.login.authToken;
}

async function signedInPage(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughPage(page, username, password);
  return page;
}

test('the area manager invites someone, who signs up through the link; a member reports their post and the manager hides it', async ({
  browser,
}) => {
  // The area manager (area dach) invites a new member: they join the manager's area.
  const manager = await signedInPage(browser, 'manager', DEMO_PASSWORD);
  const email = uniqueEmail('invited');
  const password = strongPassword();
  await manager.goto('/en/medel/members');
  const invite = manager.getByRole('region', { name: 'Invite someone' });
  await invite.getByRole('textbox', { name: /Their e-mail address/ }).fill(email);
  await invite.getByRole('radio', { name: 'English' }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(`Invitation sent to ${email}.`, { exact: false })).toBeVisible();

  // The mail's link opens the sign-up with the address filled in.
  const link = await invitationLink(manager.request, email);
  expect(link).toMatch(/^\/en\/register\?invite=/);
  const invited = await (await browser.newContext()).newPage();
  await invited.goto(link);
  await invited
    .getByRole('region', { name: 'Cookies on Attune' })
    .getByRole('button', { name: 'Understood' })
    .click();
  const address = invited.getByRole('textbox', { name: 'E-mail address' });
  await expect(address).toHaveValue(email);
  await expect(address).toHaveAttribute('readonly', '');
  await expect(invited.getByText('You were invited as a member.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(invited, 'register with an invitation');
  const before = await latestMailMarker(invited.request, email);
  await invited.getByRole('button', { name: 'Send code' }).click();
  const code = await readCodeFromMail(invited.request, email, before);
  await invited.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  await invited.getByRole('button', { name: 'Confirm code' }).click();
  await invited.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await invited.getByRole('textbox', { name: 'Repeat the password', exact: true }).fill(password);
  await invited.getByRole('button', { name: 'Create account' }).click();
  await expect(invited).toHaveURL('/en/profile/start', { timeout: 20_000 });

  // They finish their profile and write a post (through the API, as the composer is not what
  // this journey is about).
  const author = await tokenFor(invited.request, email, password);
  const nickname = `Invited ${Math.random().toString(36).slice(2, 8)}`;
  const headers = { Authorization: `Bearer ${author}` };
  expect(
    (
      await invited.request.put('/api/update-profile', {
        data: { nickname, completedSetup: 'yes' },
        headers,
      })
    ).ok(),
  ).toBe(true);
  const title = `Cheap processors ${Math.random().toString(36).slice(2, 8)}`;
  const written = await invited.request.post('/api/posts', {
    data: { title, content: '<p>Buy my processors, only today.</p>', language: 'en' },
    headers,
  });
  expect(written.ok()).toBe(true);
  const { slug } = (await written.json()) as { slug: string };

  // A member reports the post.
  const member = await signedInPage(browser, 'member', DEMO_PASSWORD);
  await member.goto(`/en/post/${slug}`);
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await member.getByRole('button', { name: 'Report this post' }).click();
  const dialog = member.getByRole('dialog', { name: 'Report this post' });
  await expect(dialog).toBeVisible();
  await settled(dialog);
  await expectNoAxeViolations(member, 'report a post dialog');
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByRole('textbox', { name: /What happened\?/ }).fill('Advertising in a post.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(member.getByText('Thank you. Our team will look at this post.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The area manager finds it in the queue and hides the post.
  await manager.goto('/en/medel/reports');
  await expect(manager.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const report = manager.getByRole('article', { name: `Spam or advertising: ${nickname}` });
  await expect(report).toBeVisible();
  await expect(report.getByRole('link', { name: title })).toBeVisible();
  await expect(report).toContainText('Advertising in a post.');
  await expectNoAxeViolations(manager, 'staff reports queue');

  await report.getByRole('button', { name: /^Hide post/ }).click();
  await expect(
    manager.getByText(`The post is hidden. The report about ${nickname} is resolved.`),
  ).toBeVisible();
  // The buttons are gone; the report's heading has the focus and it says what was done.
  await expect(report.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(report).toContainText('Post hidden by Mara Manager');
  await expect(report.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(manager, 'staff reports queue after hiding');

  // The resolved list has it too.
  await manager.getByRole('button', { name: 'Resolved' }).click();
  await expect(manager).toHaveURL(/\/en\/medel\/reports\?status=resolved$/);
  await expect(
    manager.getByRole('article', { name: `Spam or advertising: ${nickname}` }),
  ).toBeVisible();

  await member.goto(`/en/post/${slug}`);
  await expect(member.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
});

test('a member who opens the staff area learns it is for the team, and finds the way home', async ({
  page,
}) => {
  await logInThroughPage(page, 'member', DEMO_PASSWORD);
  await page.goto('/en/medel');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This area is for our team' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff area' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'staff area, not allowed');
  const home = page.getByRole('link', { name: 'Go to the start page', exact: true });
  // The start page is a way out, not the page shown.
  await expect(home).not.toHaveAttribute('aria-current', 'page');
  await home.click();
  await expect(page).toHaveURL(/\/en\/?$/);
});

test('every staff screen passes axe, and the navigation marks the current one', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, 'admin', DEMO_PASSWORD);
  const screens: [path: string, heading: string, ready: string][] = [
    ['/en/medel', 'Staff overview', 'Your area:'],
    ['/en/medel/members', 'Members', 'Newest members first.'],
    ['/en/medel/reports', 'Reports', 'Show reports'],
    ['/en/medel/support', 'Support requests', 'Show requests'],
    ['/en/medel/groups', 'Groups', 'Manage group'],
    ['/en/medel/audit', 'Audit log', 'Newest first.'],
  ];
  for (const [path, heading, ready] of screens) {
    await admin.goto(path);
    await expect(admin.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(admin.getByText(ready).first()).toBeVisible();
    // Whatever the list holds, it has finished loading.
    await expect(admin.getByText(/Loading/)).toHaveCount(0);
    const nav = admin.getByRole('navigation', { name: 'Staff area' });
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expectNoAxeViolations(admin, path);
  }

  // The members screen in German, with its filters, and the overview's counts lead on.
  await admin.goto('/de/medel/members');
  await expect(admin.getByRole('heading', { level: 1, name: 'Mitglieder' })).toBeVisible();
  await expect(admin.getByRole('search', { name: 'Mitglieder finden' })).toBeVisible();
  await expect(admin.getByText(/Mitglieder werden geladen/)).toHaveCount(0);
  await expectNoAxeViolations(admin, '/de/medel/members');
});

test('the admin checks an address and downloads the members of every area as a CSV file', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, 'admin', DEMO_PASSWORD);
  await admin.goto('/en/medel/members');
  const check = admin.getByRole('region', { name: 'Is this e-mail registered?' });
  await check.getByRole('textbox', { name: 'E-mail address' }).fill('klaus@attune.example');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(
    check.getByText(/^klaus@attune\.example has an account \(member number \d+\)\.$/),
  ).toBeVisible();
  await check.getByRole('textbox', { name: 'E-mail address' }).fill('nobody-here@example.com');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(
    check.getByText('No account uses nobody-here@example.com. You can invite this person.'),
  ).toBeVisible();

  const list = admin.getByRole('region', { name: 'Members of your area' });
  await list.getByRole('combobox', { name: 'Area' }).selectOption('all');
  // Newest first: by now the run has made many members, so he is found by a search.
  await list.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill('klaus@attune');
  await expect(list.getByRole('article', { name: 'Klaus Weber' })).toBeVisible();
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    list.getByRole('button', { name: 'Download as CSV file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^attune-members-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(csv.split('\n')[0]).toContain('email');
  expect(csv).toContain('klaus@attune.example');
  await expect(list.getByText('The file is downloading.')).toBeVisible();
});

test('the area manager sees only the sections of the role', async ({ browser }) => {
  const manager = await signedInPage(browser, 'manager', DEMO_PASSWORD);
  await manager.goto('/en/medel');
  const nav = manager.getByRole('navigation', { name: 'Staff area' });
  await expect(nav.getByRole('link')).toHaveText([
    'Overview',
    'Members',
    'Reports',
    'Support requests',
    'Groups',
    'Pages',
    'FAQ',
  ]);
  await manager.goto('/en/medel/audit');
  await expect(
    manager.getByRole('heading', { level: 1, name: 'This section is not part of your role' }),
  ).toBeVisible();
});

test('the community settings gather the member’s choices, pass axe, and set every visibility at once', async ({
  page,
  request,
}) => {
  const member = await readyMember(request, 'Community');
  await logInThroughPage(page, member.email, member.password);
  await page.goto('/en/community/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Community settings' })).toBeVisible();
  for (const name of [
    'Who may message me',
    'Connection requests',
    'Weekly summary',
    'Who can see my profile details',
  ])
    await expect(page.getByRole('region', { name })).toBeVisible();
  await expect(
    page.getByRole('switch', { name: 'A weekly summary of what happened' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/en/community/settings');

  const visibility = page.getByRole('region', { name: 'Who can see my profile details' });
  await visibility.getByRole('radio', { name: 'Only me' }).check();
  await visibility.getByRole('button', { name: 'Apply to all my details' }).click();
  await expect(visibility.getByText(/details are now visible to: Only me\./)).toBeVisible();
  await expect(
    visibility.getByText('Right now, all your details are visible to: Only me.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/en/community/settings after saving');

  // The user menu leads here.
  await page.goto('/en');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Community settings' }).click();
  await expect(page).toHaveURL(/\/en\/community\/settings$/);
});
