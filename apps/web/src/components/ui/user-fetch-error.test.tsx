import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, initI18n } from '../../lib/i18n';
import { UserFetchError } from '../../lib/api/profile';
import { ApiError, NETWORK_ERROR } from '../../lib/rest-client';
import { useTestConfig } from '../../test/config';
import { renderWithRouter } from '../../test/render-with-router';
import { UserFetchErrorContent } from './user-fetch-error';

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const failed = (cause: unknown) => new UserFetchError(cause);

describe('UserFetchErrorContent (spec §8 "Fetch user")', () => {
  it("says 'User ID not found' when there is no such member", async () => {
    await renderWithRouter(
      <UserFetchErrorContent
        error={failed(new ApiError('not_found', 404, 'User ID not found'))}
        language="en"
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('User ID not found');
  });

  it("says 'Error fetching user data' with the status of any other failure, 500 by default", async () => {
    await renderWithRouter(
      <UserFetchErrorContent error={failed(new ApiError(NETWORK_ERROR, 0, ''))} language="en" />,
    );
    expect(screen.getByText('Error 500')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Error fetching user data');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });

  it('speaks the member’s language', async () => {
    await applyLanguage('de');
    await renderWithRouter(
      <UserFetchErrorContent error={failed(new ApiError('x', 503, ''))} language="de" />,
      'de',
    );
    expect(screen.getByRole('alert').textContent).toBe('Fehler beim Laden der Benutzerdaten');
  });

  it('leaves other errors to the generic error page', async () => {
    await renderWithRouter(<UserFetchErrorContent error={new Error('boom')} language="en" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.queryByText('Error fetching user data')).toBeNull();
  });
});
