import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settled } from './settled';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Scans of a page that kept moving before one ran on a still page (then the last one counts). */
const MAX_SCANS = 3;

/**
 * Notes, from now on, whenever a transition or an animation starts anywhere in the page, and
 * clears the note: `movedSinceMark` tells whether one started since.
 */
async function markStill(page: Page): Promise<void> {
  await page.evaluate(() => {
    const flags = window as unknown as { __axeListening?: boolean; __axeMoved?: boolean };
    if (!flags.__axeListening) {
      flags.__axeListening = true;
      for (const type of ['transitionrun', 'animationstart'])
        document.addEventListener(type, () => (flags.__axeMoved = true), { capture: true });
    }
    flags.__axeMoved = false;
  });
}

const movedSinceMark = (page: Page) =>
  page.evaluate(() => Boolean((window as unknown as { __axeMoved?: boolean }).__axeMoved));

/**
 * One axe scan (decision 0056): in the page itself when it has no frames, as our screens have
 * none. The standard way also opens a blank page to merge each frame's results, about 400 ms of
 * a 700 ms scan on a 2-core machine; a page with a frame is scanned that way, so its frames are
 * tested too.
 */
const scan = (page: Page) =>
  new AxeBuilder({ page })
    .withTags(TAGS)
    .setLegacyMode(page.frames().length === 1)
    .analyze();

/**
 * Runs axe on the page once what is moving has settled (a dialog fading in would fail the contrast
 * check half-way) and expects no WCAG 2.2 A/AA violation. A scan takes a few hundred ms: when
 * something started moving meanwhile (a snackbar fading out after its four seconds), what axe
 * measured was half-way too, so the page is settled and scanned again.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  let results;
  for (let scans = 1; ; scans += 1) {
    // Noted from before settling: a transition that starts after `settled` looked is seen too.
    await markStill(page);
    await settled(page.locator('html'));
    results = await scan(page);
    if (scans === MAX_SCANS || !(await movedSinceMark(page))) break;
  }
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}
