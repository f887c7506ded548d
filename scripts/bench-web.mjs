// Initial JavaScript of a page, as a browser loads it: every same-origin script fetched until the
// network is idle, gzip-compressed (level 9, what the server's pre-compressed .gz files hold).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** How many of the login page's largest scripts the report names (where the weight is). */
const LARGEST_LISTED = 8;

async function scriptsOf(context, url, origin) {
  const page = await context.newPage();
  const sizes = new Map();
  page.on('response', async (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script' || !response.url().startsWith(origin)) return;
    try {
      const body = await response.body();
      sizes.set(new URL(response.url()).pathname, {
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    } catch {
      // A response whose body is gone (a redirect) carries no script.
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const finalUrl = page.url();
  await page.close();
  const files = [...sizes.values()];
  return {
    finalUrl,
    files: files.length,
    largest: [...sizes.entries()]
      .map(([path, size]) => ({ path, ...size }))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, LARGEST_LISTED),
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
  };
}

/** Measures the login page (signed out) and the home page of a signed-in member who finished setup. */
export async function measureInitialJs(baseUrl, { authCookieName, authToken }) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const origin = new URL(baseUrl).origin;
    const anonymous = await browser.newContext();
    const login = await scriptsOf(anonymous, `${baseUrl}/en/login`, origin);
    await anonymous.close();

    const signedIn = await browser.newContext();
    await signedIn.addCookies([
      { name: authCookieName, value: authToken, url: baseUrl, sameSite: 'Lax' },
    ]);
    const home = await scriptsOf(signedIn, `${baseUrl}/en`, origin);
    await signedIn.close();
    return { login, home };
  } finally {
    await browser.close();
  }
}

export function webSection({ login, home }, targetKb) {
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  return [
    '## Initial JavaScript (web)',
    '',
    'Same-origin scripts a fresh Chromium loads until the network is idle, compressed with gzip -9 (as served from the pre-compressed files).',
    '',
    '| page | scripts | raw KB | gzip KB | ratio to target | target |',
    '|---|---:|---:|---:|---:|---|',
    `| login (\`/en/login\`, signed out) | ${login.files} | ${kb(login.raw)} | ${kb(login.gzip)} | ${(login.gzip / 1024 / targetKb).toFixed(2)} | ≤ ${targetKb} KB gzip: ${login.gzip / 1024 <= targetKb ? 'met' : 'NOT met'} |`,
    `| logged home (\`/en\`, demo member) | ${home.files} | ${kb(home.raw)} | ${kb(home.gzip)} | — | — |`,
    '',
    `The login page's ${login.largest.length} largest scripts (docs/decisions/0016 and 0017 say what they hold):`,
    '',
    '| script | raw KB | gzip KB |',
    '|---|---:|---:|',
    ...login.largest.map((file) => `| \`${file.path}\` | ${kb(file.raw)} | ${kb(file.gzip)} |`),
    '',
  ].join('\n');
}
