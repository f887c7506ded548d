import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  HEALTH_CONSENT_VERSION,
  type ProfileFieldInfo,
  type ProfileUpdateInput,
  type ProfileUpdateOutput,
} from '@attune/contract';
import { useAppSnackbar } from '../../../hooks/use-app-snackbar';
import { updateProfile } from '../../../lib/api/profile';
import { errorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/rest-client';
import { refreshProfileData } from '../../../lib/api/profile/refresh-profile-data';
import { addsHealthData } from '../lib/health-data';

export interface SaveProfileState {
  /**
   * Sends the payload; resolves to the server's answer once saved, null when it was not. An answer
   * with `pendingEmail` saved the rest, and the caller asks for the code sent to the new address.
   */
  save: (payload: ProfileUpdateInput) => Promise<ProfileUpdateOutput | null>;
  pending: boolean;
  /** The message to show under the section, or null. */
  error: string | null;
  /** When this section was last saved; shown beside the button so the confirmation stays. */
  savedAt: Date | null;
  /** Set while a save waits for the member's consent to store health data. */
  consentOpen: boolean;
  acceptConsent: () => Promise<void>;
  cancelConsent: () => void;
}

/** What a section that may save health data knows about consent. */
export interface HealthConsentContext {
  /** Whether the member agreed before (`healthConsent` of fetch-user). */
  given: boolean;
  /** The profile fields, with the server's `isHealth` flag. */
  fields: readonly ProfileFieldInfo[];
}

/**
 * Saves one settings section with `updateProfile`. Consent comes first: a save that would store
 * health data for a member who has not agreed yet opens the consent dialog before anything is
 * sent, and "Agree and save" then sends it once, with the consent; a refusal sends nothing. Should
 * the server still answer `health_consent_required` (consent withdrawn meanwhile), the same dialog
 * opens then.
 */
export function useSaveProfile(health?: HealthConsentContext): SaveProfileState {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const showSnackbar = useAppSnackbar();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [consentOpen, setConsentOpen] = useState(false);
  const waiting = useRef<{
    payload: ProfileUpdateInput;
    done: (saved: ProfileUpdateOutput | null) => void;
  } | null>(null);
  // Agreed in this page's dialog: counts until the refreshed profile says so too.
  const agreedHere = useRef(false);

  const send = useCallback(
    async (payload: ProfileUpdateInput): Promise<ProfileUpdateOutput | null | 'consent'> => {
      setPending(true);
      setError(null);
      setSavedAt(null);
      try {
        const answer = await updateProfile(payload);
        await refreshProfileData(queryClient);
        // A new e-mail address is not saved yet: the caller asks for its code instead.
        if (answer.pendingEmail) return answer;
        setSavedAt(new Date());
        showSnackbar({ message: t('settings.saved') });
        return answer;
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'health_consent_required')
          return 'consent';
        setError(errorText(caught, t('settings.saveFailed')));
        return null;
      } finally {
        setPending(false);
      }
    },
    [queryClient, showSnackbar, t],
  );

  const askConsent = useCallback((payload: ProfileUpdateInput) => {
    setError(null);
    setSavedAt(null);
    return new Promise<ProfileUpdateOutput | null>((resolve) => {
      waiting.current = { payload, done: resolve };
      setConsentOpen(true);
    });
  }, []);

  const save = useCallback(
    async (payload: ProfileUpdateInput) => {
      const mustAsk =
        health !== undefined &&
        !health.given &&
        !agreedHere.current &&
        addsHealthData(payload, health.fields);
      if (mustAsk) return askConsent(payload);
      const result = await send(payload);
      return result === 'consent' ? askConsent(payload) : result;
    },
    [askConsent, health, send],
  );

  const acceptConsent = useCallback(async () => {
    const current = waiting.current;
    if (!current) return;
    setConsentOpen(false);
    waiting.current = null;
    agreedHere.current = true;
    const result = await send({
      ...current.payload,
      healthConsent: { accepted: true, version: HEALTH_CONSENT_VERSION },
    });
    current.done(result === 'consent' ? null : result);
  }, [send]);

  const cancelConsent = useCallback(() => {
    setConsentOpen(false);
    waiting.current?.done(null);
    waiting.current = null;
    setError(t('consent.declined'));
  }, [t]);

  return { save, pending, error, savedAt, consentOpen, acceptConsent, cancelConsent };
}
