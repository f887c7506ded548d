// The web half of `npm run bench`:
// - initial JavaScript of a page as served: every same-origin script a fresh Chromium fetches until
//   the page's main control shows and the network is idle, requested again from the server with
//   `Accept-Encoding: br` (the budget) and `gzip` (for reference), counting the bytes on the wire;
// - Lighthouse-style timings of a cold /en/login on a slow phone profile (CDP emulation): first
//   contentful paint, and the moment the login form can be used (its field is on screen, not
//   covered, not inert, and React has attached its handlers).
import { request } from 'node:http';
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

/** The slow profile of the issue: 4× CPU slowdown, 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT. */
export const SLOW_PROFILE = {
  cpuSlowdown: 4,
  downloadBitsPerSecond: 1.6 * 1024 * 1024,
  uploadBitsPerSecond: 750 * 1024,
  latencyMs: 150,
  viewport: { width: 412, height: 823 },
  runs: 3,
};

/** Bytes of `path` as the server sends them to a client that accepts only `encoding`. */
function servedBytes(baseUrl, path, encoding) {
  return new Promise((done, fail) => {
    const req = request(
      new URL(path, baseUrl),
      { headers: { 'accept-encoding': encoding } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          done({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
        );
        response.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end();
  });
}

/** Same-origin scripts `url` loads until `ready` is visible and the network is idle after it. */
async function scriptsOf(context, url, origin, ready) {
  const page = await context.newPage();
  const paths = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.url().startsWith(origin)) {
      return;
    }
    if (response.status() >= 300 && response.status() < 400) return;
    paths.add(new URL(response.url()).pathname);
  });
  await page.goto(url);
  await ready(page).waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const finalUrl = page.url();
  await page.close();
  return { finalUrl, paths: [...paths] };
}

/** Sizes of `paths` as served: raw, brotli and gzip bytes on the wire. */
async function servedSizes(baseUrl, paths) {
  const files = [];
  for (const path of paths) {
    const [raw, br, gzip] = await Promise.all(
      ['identity', 'br', 'gzip'].map((encoding) => servedBytes(baseUrl, path, encoding)),
    );
    files.push({ path, raw: raw.bytes, br: br.bytes, gzip: gzip.bytes, brEncoding: br.encoding });
  }
  const sum = (key) => files.reduce((total, file) => total + file[key], 0);
  return {
    files: files.length,
    raw: sum('raw'),
    br: sum('br'),
    gzip: sum('gzip'),
    // A script sent without brotli would silently inflate the figure: name them.
    notBrotli: files.filter((file) => file.brEncoding !== 'br').map((file) => file.path),
    largest: [...files].sort((a, b) => b.br - a.br).slice(0, LARGEST_LISTED),
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
    const login = await scriptsOf(anonymous, `${baseUrl}/en/login`, origin, (page) =>
      page.getByRole('textbox', { name: 'Username or e-mail address' }),
    );
    await anonymous.close();

    const signedIn = await browser.newContext();
    await signedIn.addCookies([
      { name: authCookieName, value: authToken, url: baseUrl, sameSite: 'Lax' },
    ]);
    const home = await scriptsOf(signedIn, `${baseUrl}/en`, origin, (page) =>
      page.getByRole('heading', { level: 1 }),
    );
    await signedIn.close();
    return {
      login: { finalUrl: login.finalUrl, ...(await servedSizes(baseUrl, login.paths)) },
      home: { finalUrl: home.finalUrl, ...(await servedSizes(baseUrl, home.paths)) },
    };
  } finally {
    await browser.close();
  }
}

/** Records, in the page's own clock, when the login form became usable. */
function watchLoginForm() {
  const check = () => {
    const input = document.querySelector('input[name="username"]');
    if (input && !input.closest('[inert]')) {
      const box = input.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const onTop = hit === input || input.contains(hit) || hit?.contains(input);
      const handled = Object.keys(input).some((key) => key.startsWith('__reactProps$'));
      if (box.width > 0 && box.bottom <= window.innerHeight && onTop && handled) {
        window.__attuneFormUsableAt = performance.now();
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** One cold load of /en/login on the slow profile: first contentful paint and form usable (ms). */
async function slowLoginRun(browser, baseUrl) {
  const context = await browser.newContext({ viewport: SLOW_PROFILE.viewport });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PROFILE.latencyMs,
      downloadThroughput: SLOW_PROFILE.downloadBitsPerSecond / 8,
      uploadThroughput: SLOW_PROFILE.uploadBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PROFILE.cpuSlowdown });
    await page.addInitScript(watchLoginForm);
    let requests = 0;
    let transferred = 0;
    cdp.on('Network.loadingFinished', (event) => {
      requests += 1;
      transferred += event.encodedDataLength;
    });
    await page.goto(`${baseUrl}/en/login`);
    await page.waitForFunction(() => window.__attuneFormUsableAt !== undefined, null, {
      timeout: 60_000,
      polling: 100,
    });
    const timings = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      formUsable: window.__attuneFormUsableAt,
    }));
    return { ...timings, requests, transferred };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median of SLOW_PROFILE.runs cold loads of /en/login on the slow profile. */
export async function measureSlowLogin(baseUrl) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const runs = [];
    for (let run = 0; run < SLOW_PROFILE.runs; run += 1)
      runs.push(await slowLoginRun(browser, baseUrl));
    return {
      runs,
      fcp: median(runs.map((run) => run.fcp)),
      formUsable: median(runs.map((run) => run.formUsable)),
      requests: median(runs.map((run) => run.requests)),
      transferred: median(runs.map((run) => run.transferred)),
    };
  } finally {
    await browser.close();
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const seconds = (ms) => (ms / 1000).toFixed(2);

export function webSection({ login, home }, slow, targets) {
  const verdict = (value, target) => (value / 1024 <= target ? 'met' : 'NOT met');
  const lines = [
    '## Initial JavaScript (web)',
    '',
    "Same-origin scripts a fresh Chromium loads until the page's main control shows and the network is idle; each is then requested again from the server as a browser that accepts brotli (`Accept-Encoding: br`, the budget) and one that accepts only gzip (reference), and the bytes on the wire are counted: what the server really sends from its pre-compressed files.",
    '',
    '| page | scripts | raw KB | brotli KB (as served) | gzip KB (as served) | target (brotli) |',
    '|---|---:|---:|---:|---:|---|',
    `| login (\`/en/login\`, signed out) | ${login.files} | ${kb(login.raw)} | ${kb(login.br)} | ${kb(login.gzip)} | ≤ ${targets.loginKb} KB: ${verdict(login.br, targets.loginKb)} (${(login.br / 1024 / targets.loginKb).toFixed(2)} of it) |`,
    `| logged home (\`/en\`, demo member) | ${home.files} | ${kb(home.raw)} | ${kb(home.br)} | ${kb(home.gzip)} | ≤ ${targets.homeKb} KB: ${verdict(home.br, targets.homeKb)} (${(home.br / 1024 / targets.homeKb).toFixed(2)} of it) |`,
    '',
  ];
  // Per page: one list for both read as if the login page loaded the home page's chunks.
  for (const [name, page] of [
    ['login page', login],
    ['logged home', home],
  ]) {
    if (page.notBrotli.length === 0) continue;
    lines.push(
      `Sent without brotli on the ${name} (too small to be worth it, or missing): ${page.notBrotli.map((path) => `\`${path}\``).join(', ')}.`,
      '',
    );
  }
  lines.push(
    `The login page's ${login.largest.length} largest scripts (decision 0018 says what they hold):`,
    '',
    '| script | raw KB | brotli KB | gzip KB |',
    '|---|---:|---:|---:|',
    ...login.largest.map(
      (file) => `| \`${file.path}\` | ${kb(file.raw)} | ${kb(file.br)} | ${kb(file.gzip)} |`,
    ),
    '',
  );
  if (slow) {
    const profile = `${SLOW_PROFILE.cpuSlowdown}× CPU slowdown, ${SLOW_PROFILE.downloadBitsPerSecond / 1024 / 1024} Mbit/s down, ${SLOW_PROFILE.uploadBitsPerSecond / 1024} kbit/s up, ${SLOW_PROFILE.latencyMs} ms RTT, ${SLOW_PROFILE.viewport.width}×${SLOW_PROFILE.viewport.height}, cold cache`;
    lines.push(
      '### `/en/login` on a slow phone profile',
      '',
      `Chromium with CDP emulation (${profile}); median of ${slow.runs.length} cold loads. "Form usable": the username field is on screen, not covered by the loading screen or any overlay, not inert, and React has attached its handlers. The spec's loading screen (about one second from the first paint) is part of the figure.`,
      '',
      '| first contentful paint | form usable | aim | requests | transferred KB |',
      '|---:|---:|---|---:|---:|',
      `| ${seconds(slow.fcp)} s | ${seconds(slow.formUsable)} s | ≤ 2.5 s: ${slow.formUsable <= 2500 ? 'met' : 'NOT met'} | ${slow.requests} | ${kb(slow.transferred)} |`,
      '',
      `Each run (first contentful paint / form usable, s): ${slow.runs.map((run) => `${seconds(run.fcp)} / ${seconds(run.formUsable)}`).join('; ')}.`,
      '',
    );
  }
  return lines.join('\n');
}
