import { SETTINGS_STORAGE_KEY } from '../../../lib/local-settings';
import { STEP_COUNT, type ConsentChoice } from './steps';

/**
 * The onboarding's place, kept among the client settings (spec §3: one parent key in local
 * storage, each setting under its own key) so it is cleared with them on logout. It holds no
 * answers, only where the member is, how far they got and their consent choice; the answers live
 * on the server.
 */
export interface OnboardingProgress {
  /** Whose progress this is, so a shared computer never resumes someone else's onboarding. */
  userId: number;
  step: number;
  furthest: number;
  consent: ConsentChoice;
}

const KEY = 'onboarding';

function readParent(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    // Unreadable JSON or no storage (private mode): behave as if nothing was saved.
    return {};
  }
}

const isStep = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < STEP_COUNT;

/** The member's saved progress, or null when there is none (or it belongs to someone else). */
export function readProgress(userId: number): OnboardingProgress | null {
  const value = readParent()[KEY] as Partial<OnboardingProgress> | undefined;
  if (!value || typeof value !== 'object' || value.userId !== userId) return null;
  if (!isStep(value.step) || !isStep(value.furthest)) return null;
  const consent = value.consent === 'given' || value.consent === 'declined' ? value.consent : null;
  return { userId, step: value.step, furthest: value.furthest, consent };
}

/** Saves the progress under its own key, keeping the other client settings. */
export function writeProgress(progress: OnboardingProgress): void {
  try {
    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ ...readParent(), [KEY]: progress }),
    );
  } catch {
    // Storage full or unavailable: the server-side answers still decide where to resume.
  }
}

/** Forgets the progress once the setup is complete. */
export function clearProgress(): void {
  const { [KEY]: _done, ...rest } = readParent();
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(rest));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
