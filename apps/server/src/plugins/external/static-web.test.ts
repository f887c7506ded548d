import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

/** A web build with one index page per language, as vite-plugins/localized-index.ts writes it. */
function fakeWebBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'attune-web-'));
  mkdirSync(join(root, 'assets'));
  const page = (lang: string, text: string) =>
    `<!doctype html><html lang="${lang}"><body><p role="status">${text}</p></body></html>`;
  writeFileSync(join(root, 'index.html'), page('en', 'Loading…'));
  writeFileSync(join(root, 'index.en.html'), page('en', 'Loading…'));
  writeFileSync(join(root, 'index.de.html'), page('de', 'Wird geladen…'));
  writeFileSync(join(root, 'index.es.html'), page('es', 'Cargando…'));
  writeFileSync(join(root, 'login.de.html'), page('de', 'Anmeldung wird geladen'));
  writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log(1);');
  return root;
}

describe('the web app is served in the language of its path', () => {
  let root: string;
  let test: TestApp;
  beforeAll(async () => {
    root = fakeWebBuild();
    test = await createTestApp({ WEB_DIST_DIR: root });
  });
  afterAll(async () => {
    await test.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string) =>
    test.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('sends the German or Spanish page, loading text and lang included, under /de and /es', async () => {
    const german = await page('/de/register');
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('<html lang="de">');
    expect(german.body).toContain('Wird geladen…');
    expect(german.headers['cache-control']).toBe('no-cache');
    expect((await page('/es/register/medel')).body).toContain('Cargando…');
    expect((await page('/en/profile/settings')).body).toContain('<html lang="en">');
  });

  it('sends the login copy, which preloads the login code, for the login path only', async () => {
    expect((await page('/de/login')).body).toContain('Anmeldung wird geladen');
    expect((await page('/de/login/')).body).toContain('Anmeldung wird geladen');
    expect((await page('/de/login/recover')).body).toContain('Wird geladen…');
    // No login copy was built for Spanish: the Spanish page is sent.
    expect((await page('/es/login')).body).toContain('Cargando…');
  });

  it('sends the default page where the path has no known language', async () => {
    expect((await page('/login')).body).toContain('Loading…');
    expect((await page('/fr/login')).body).toContain('<html lang="en">');
  });

  it('still serves hashed assets with a year of caching', async () => {
    const asset = await test.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});
