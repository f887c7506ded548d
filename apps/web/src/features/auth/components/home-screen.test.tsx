import { Suspense } from 'react';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAuthToken } from '../../../lib/auth-token';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { HomeScreen } from './home-screen';

/** A JWT-shaped token that stays valid for an hour, so no refresh is attempted. */
function validToken(): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `e30.${payload.replace(/=+$/, '')}.sig`;
}

function serveViewer(names: { nickname: string; username: string }) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>().mockResolvedValue(
      jsonResponse({
        data: {
          viewer: {
            id: 'dXNlcjo3',
            databaseId: 7,
            ...names,
            email: 'explore11-1795448461479@example.com',
            roles: ['member'],
            completedSetup: false,
            extendedProfile: [],
          },
        },
      }),
    ),
  );
}

async function renderHome(language: 'en' | 'de' | 'es') {
  await applyLanguage(language);
  await renderWithRouter(
    <Suspense fallback={<p>loading</p>}>
      <HomeScreen language={language} />
    </Suspense>,
    language,
  );
  return screen.findByRole('heading', { level: 1 });
}

beforeEach(() => {
  useTestConfig();
  writeAuthToken(validToken());
});

describe('HomeScreen greeting', () => {
  it.each([
    ['en', 'Hello!'],
    ['de', 'Hallo!'],
    ['es', '¡Hola!'],
  ] as const)(
    'greets a member without a display name neutrally in %s, never by username or e-mail',
    async (language, greeting) => {
      serveViewer({ nickname: '', username: 'member-k3x9m2pq' });
      const heading = await renderHome(language);
      expect(heading.textContent).toBe(greeting);
    },
  );

  it('does not greet an older account by the username it got as display name by default', async () => {
    serveViewer({ nickname: 'explore11-1795448461479', username: 'explore11-1795448461479' });
    const heading = await renderHome('en');
    expect(heading.textContent).toBe('Hello!');
  });

  it('greets a member by the display name they chose', async () => {
    serveViewer({ nickname: 'Ana López', username: 'member-k3x9m2pq' });
    const heading = await renderHome('en');
    expect(heading.textContent).toBe('Hello, Ana López');
  });
});
