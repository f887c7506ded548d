import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settled } from './settled';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page once what is moving has settled (a dialog fading in would fail the contrast
 * check half-way) and expects no WCAG 2.2 A/AA violation.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await settled(page.locator('html'));
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}
