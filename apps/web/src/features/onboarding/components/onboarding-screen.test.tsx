import { Suspense } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_CONSENT_VERSION } from '@attune/contract';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { SETTINGS_STORAGE_KEY } from '../../../lib/local-settings';
import { authKeys } from '../../../lib/viewer';
import deProfile from '../../../locales/de/profile.json';
import esProfile from '../../../locales/es/profile.json';
import { FIELD_LABEL_KEYS } from '../lib/field-labels';
import { writeProgress } from '../lib/onboarding-progress';
import { STEP_FIELDS, STEPS } from '../lib/steps';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { OnboardingScreen } from './onboarding-screen';

const FIELD_NAMES = [
  'Completed setup',
  'Interests',
  'Speaking languages',
  'Stage',
  'Year of birth',
  'Headline',
  'Journey',
  'Left ear',
  'Enable automatic response',
];

function me(values: Record<string, string> = {}) {
  return {
    id: 42,
    nickname: 'member42',
    firstName: '',
    completedSetup: false,
    extendedProfile: FIELD_NAMES.map((name, position) => ({
      databaseId: position + 1,
      name,
      value: { raw: values[name] ?? '' },
      visibility: 'members',
    })),
  };
}

const fields = [
  { name: 'Stage', options: [{ value: 'experienced', label: 'Experienced user' }] },
  { name: 'Interests', options: [{ value: 'music', label: 'Music' }] },
].map((field, position) => ({
  databaseId: position + 1,
  type: 'selectbox',
  defaultVisibility: 'connections',
  isHealth: false,
  ...field,
}));

const viewer = { id: 'dXNlcjo0Mg==', databaseId: 42, nickname: 'member42', completedSetup: false };
let viewerRequests = 0;
let puts: unknown[] = [];
let putAnswer: () => Response = () => jsonResponse({ message: 'Your profile was saved.' });

function serve(profile = me()) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url.includes('fetch-user')) return jsonResponse(profile);
      if (url.includes('profile-fields')) return jsonResponse(fields);
      if (url.includes('users/check/nickname')) return jsonResponse({ exists: false });
      if (url.includes('graphql')) {
        viewerRequests += 1;
        return jsonResponse({ data: { viewer: { ...viewer, completedSetup: true } } });
      }
      if (url.includes('update-profile')) {
        puts.push(JSON.parse(String(init?.body)));
        return putAnswer();
      }
      return jsonResponse([]);
    }),
  );
}

async function renderScreen(language: 'en' | 'de' | 'es' = 'en') {
  const view = await renderWithRouter(
    <Suspense fallback={<p>loading</p>}>
      <OnboardingScreen language={language} />
    </Suspense>,
  );
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const stepHeading = () => screen.getByRole('heading', { level: 2 });

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
  localStorage.clear();
  puts = [];
  viewerRequests = 0;
  putAnswer = () => jsonResponse({ message: 'Your profile was saved.' });
});

describe('OnboardingScreen', () => {
  it('shows one h1, "Step 1 of 7" and an accessible progress bar', async () => {
    serve();
    await renderScreen();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(stepHeading().textContent).toContain('Step 1 of 7');
    expect(stepHeading().textContent).toContain('About you');
    const progress = screen.getByRole('progressbar', { name: 'Progress of your profile set-up' });
    expect(progress.getAttribute('aria-valuetext')).toBe('Step 1 of 7');
    expect(screen.getByRole('link', { name: 'Log out' })).toBeTruthy();
  });

  it('saves step 1 with the spec mapping, then focuses the step 2 heading', async () => {
    serve();
    await renderScreen();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Year of birth'), { target: { value: '1950' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(stepHeading().textContent).toContain('Step 2 of 7'));
    expect(puts).toEqual([
      expect.objectContaining({
        nickname: 'member42',
        firstName: 'Ana',
        yearOfBirth: '1950',
        headline: '',
        latestUpdate: expect.any(String),
      }),
    ]);
    // The heading takes the focus in an effect, which runs after the new step is painted.
    await waitFor(() => expect(document.activeElement).toBe(stepHeading()));
    expect(screen.getByRole('status').textContent).toContain('Saved.');
    const stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') as {
      onboarding?: { step: number };
    };
    expect(stored.onboarding?.step).toBe(1);
  });

  it('says at once that a name kept for a page (/profile/settings) cannot be used, and sends nothing', async () => {
    serve();
    await renderScreen();
    const field = screen.getByRole('textbox', { name: /Display name/ });
    fireEvent.change(field, { target: { value: 'Settings' } });
    const message = 'This name is kept for Attune itself. Please choose another one.';
    expect(field.closest('.MuiFormControl-root')?.textContent).toContain(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(puts).toEqual([]);
    expect(stepHeading().textContent).toContain('Step 1 of 7');
  });

  it('refuses a year of birth out of range, announced as an alert', async () => {
    serve();
    await renderScreen();
    fireEvent.change(screen.getByLabelText('Year of birth'), { target: { value: '1850' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText(/Please enter a year between 1900 and \d{4}\./)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Please check the marked fields.');
    expect(puts).toEqual([]);
  });

  it("shows the text of the server's error code when saving fails", async () => {
    serve();
    putAnswer = () =>
      jsonResponse(
        {
          code: 'nickname_taken',
          message: 'This name is already taken. Please choose another one.',
          data: { status: 409 },
        },
        409,
      );
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(
      within(await screen.findByRole('alert')).getByText(
        'This name is already taken. Please choose another one.',
      ),
    ).toBeTruthy();
    expect(stepHeading().textContent).toContain('Step 1 of 7');
  });

  it('needs the box ticked to consent, and sends the consent with its version', async () => {
    serve(me({ Headline: 'Hello' }));
    await renderScreen();
    expect(stepHeading().textContent).toContain('Step 2 of 7');
    const checkbox = screen.getByRole('checkbox');
    expect((checkbox as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please tick the box');
    expect(puts).toEqual([]);
    fireEvent.click(checkbox);
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(stepHeading().textContent).toContain('Step 3 of 7'));
    expect(puts).toEqual([
      expect.objectContaining({
        healthConsent: { accepted: true, version: HEALTH_CONSENT_VERSION },
      }),
    ]);
  });

  it('lets a member decline and skips the hearing questions without sending anything', async () => {
    serve(me({ Headline: 'Hello' }));
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Continue without hearing details' }));
    await waitFor(() => expect(stepHeading().textContent).toContain('Step 3 of 7'));
    expect(screen.getByText(/You chose not to share hearing details/)).toBeTruthy();
    expect(screen.queryByLabelText('Stage')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(stepHeading().textContent).toContain('Step 4 of 7'));
    expect(puts).toEqual([]);
  });

  it('resumes at the first unfinished step from the saved profile', async () => {
    serve(me({ Headline: 'Hello', Stage: 'experienced', 'Left ear': 'hearing-aid' }));
    await renderScreen();
    expect(stepHeading().textContent).toContain('Step 5 of 7');
    expect(stepHeading().textContent).toContain('Where you live');
  });

  it('draws no empty alert on step 5 while nothing went wrong', async () => {
    serve(me({ Headline: 'Hello', Stage: 'experienced', 'Left ear': 'hearing-aid' }));
    await renderScreen();
    expect(stepHeading().textContent).toContain('Step 5 of 7');
    await screen.findByLabelText('Country');
    const alerts = screen.getAllByRole('alert');
    expect(alerts.length).toBeGreaterThan(0);
    // The live regions stay in the page, but hold no box until there is something to say.
    for (const region of alerts) expect(region.childElementCount).toBe(0);
  });

  it.each([
    ['de', deProfile.fields],
    ['es', esProfile.fields],
  ] as const)(
    'names every field in %s exactly as the settings page does (one shared text per field)',
    async (language, names) => {
      await applyLanguage(language);
      // Label and legend texts on screen, without the "*" of required fields.
      const shownNames = () =>
        new Set(
          [...document.querySelectorAll('label, legend')].map((element) =>
            (element.textContent ?? '').replace(/[\s\u2009]*\*$/, '').trim(),
          ),
        );
      for (const [index, step] of STEPS.entries()) {
        if (step === 'consent') continue;
        localStorage.clear();
        writeProgress({ userId: 42, step: index, furthest: index, consent: 'given' });
        serve(me({ 'Enable automatic response': 'yes' }));
        const view = await renderScreen(language);
        await waitFor(() => expect(stepHeading().textContent).toContain(`${index + 1}`));
        const shown = shownNames();
        for (const field of STEP_FIELDS[step]) {
          if (field === 'consent') continue;
          expect(shown, `${language} step ${step}: ${field}`).toContain(
            names[FIELD_LABEL_KEYS[field]],
          );
        }
        view.unmount();
      }
    },
  );

  it('finishes without waiting on a failed viewer refetch: one fresh viewer, then home', async () => {
    writeProgress({ userId: 42, step: 6, furthest: 6, consent: 'declined' });
    serve();
    const { queryClient } = await renderScreen();
    // As after a login: the viewer is cached as plain data, without its query function.
    queryClient.setQueryData(authKeys.viewer(), viewer);
    expect(stepHeading().textContent).toContain('Step 7 of 7');
    const fetches = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    const fieldLoads = fetches().filter((url) => url.includes('profile-fields')).length;
    fireEvent.click(screen.getByRole('button', { name: 'Skip and finish' }));
    await screen.findByTestId('navigated', {}, { timeout: 3000 });
    expect(puts).toEqual([expect.objectContaining({ completedSetup: 'yes' })]);
    // The route checks at home read this: it must say the setup is done.
    expect(viewerRequests).toBe(1);
    expect(queryClient.getQueryData(authKeys.viewer())).toMatchObject({ completedSetup: true });
    // Reference lists did not change and are not loaded again.
    expect(fetches().filter((url) => url.includes('profile-fields')).length).toBe(fieldLoads);
  });

  it('goes back a step with Back', async () => {
    serve(me({ Headline: 'Hello' }));
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(stepHeading().textContent).toContain('Step 1 of 7'));
    expect((screen.getByLabelText(/Display name/) as HTMLInputElement).value).toBe('member42');
  });
});
