import { describe, expect, it } from 'vitest';
import { SPEC_MESSAGES, SPEC_SNACKBAR_KEYS } from '@attune/contract';
import de from '../../locales/de/profile.json';
import en from '../../locales/en/profile.json';
import es from '../../locales/es/profile.json';

describe('profile texts', () => {
  it('keeps the spec §8 messages word for word in English', () => {
    expect(en.errors.avatarUpload).toBe(SPEC_MESSAGES.avatarUploadFailed);
    expect(en.errors.preferencesFetch).toBe(SPEC_MESSAGES.preferencesFetchFailed);
    expect(en.errors.preferenceUpdate).toBe(SPEC_MESSAGES.preferenceUpdateFailed);
    expect(en.errors.regions).toBe(SPEC_MESSAGES.regionsFailed);
  });

  it("keeps the spec's snackbar keys as they are, translated in every language", () => {
    for (const texts of [en, de, es]) {
      expect(texts[SPEC_SNACKBAR_KEYS.accountDeleted]).toBeTruthy();
      expect(texts[SPEC_SNACKBAR_KEYS.notificationSettingUpdated]).toBeTruthy();
    }
    expect(de.errors.avatarUpload).not.toBe(en.errors.avatarUpload);
    expect(es.errors.avatarUpload).not.toBe(en.errors.avatarUpload);
  });
});
