import { expect, test } from '@playwright/test';
import { PAGE_BY_SLUG_QUERY } from '@attune/contract';
import { expectNoAxeViolations } from './helpers/axe';

const LANGUAGES = ['en', 'de', 'es'] as const;
const PAGES = ['about', 'faq', 'terms-and-conditions'] as const;
const OTHER_PUBLIC_ROUTES = [
  '404',
  'login',
  'login/recover',
  'register',
  'register/regular',
  'register/medel',
  'contact',
] as const;

test.describe('shell: public pages', () => {
  for (const lang of LANGUAGES) {
    test(`about, faq and terms come from the back end in ${lang} and pass axe`, async ({
      page,
    }) => {
      for (const slug of PAGES) {
        const answer = await page.request.post('/graphql', {
          data: { query: PAGE_BY_SLUG_QUERY, variables: { slug, language: lang.toUpperCase() } },
        });
        const { data } = (await answer.json()) as {
          data: { pageBySlug: { title: string } | null };
        };
        expect(data.pageBySlug, `${slug} seeded in ${lang}`).not.toBeNull();

        await page.goto(`/${lang}/${slug}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.pageBySlug!.title);
        await expect(page.getByRole('main').locator('article')).not.toBeEmpty();
        await expect(page.getByRole('banner').getByRole('navigation')).toBeVisible();
        await expectNoAxeViolations(page, `${lang}/${slug}`);
      }
    });

    test(`the other public routes in ${lang} pass axe`, async ({ page }) => {
      for (const route of OTHER_PUBLIC_ROUTES) {
        await page.goto(`/${lang}/${route}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByTestId('loading-screen')).toHaveCount(0);
        await expectNoAxeViolations(page, `${lang}/${route}`);
      }
    });
  }

  test('a page slug the back end does not have is not found', async ({ page }) => {
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('PageBySlug')) {
        await route.fulfill({ json: { data: { pageBySlug: null } } });
      } else {
        await route.fallback();
      }
    });
    await page.goto('/de/faq');
    await expect(page.getByText('Seite nicht gefunden: /de/faq')).toBeVisible();
  });
});
