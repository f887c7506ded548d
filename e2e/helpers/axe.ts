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
 * Runs axe on the page once what is moving has settled (a dialog fading in would fail the contrast
 * check half-way) and expects no WCAG 2.2 A/AA violation. A scan takes most of a second: when
 * something started moving meanwhile (a snackbar fading out after its four seconds), what axe
 * measured was half-way too, so the page is settled and scanned again.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  let results;
  for (let scan = 1; ; scan += 1) {
    // Noted from before settling: a transition that starts after `settled` looked is seen too.
    await markStill(page);
    await settled(page.locator('html'));
    results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    if (scan === MAX_SCANS || !(await movedSinceMark(page))) break;
  }
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}
