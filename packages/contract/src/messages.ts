/**
 * Exact texts from the spec (§4, §8). They are requirements word for word: the server and the web
 * app import them from here, and tests assert them.
 */
export const SPEC_MESSAGES = {
  pageNotFound: (path: string) => `Page Not Found: ${path}`,
  loginFailed: 'Login failed. Try again.',
  loggedInRedirecting: 'Logged in. Redirecting...',
  registerDataInvalid: 'Register data or code invalid',
  resetDataInvalid: 'Reset data or code invalid',
  registerFailed: 'Register failed. Try again.',
  sendCodeFailed: 'Error while creating an account',
  validateCodeFailed: 'Error while validating code',
  recoverFailed: 'Error while recovering password',
  resetFailed: 'Error while resetting password',
  avatarUploadFailed: 'Error uploading your profile image. Please, try again later.',
  nicknameCheckFailed: 'Error checking nickname availability',
  preferencesFetchFailed: 'Error fetching email notifications preferences',
  preferenceUpdateFailed: 'Error updating email notification preference',
  regionsFailed: 'Error fetching regions',
  fetchUserFailed: 'Error fetching user data',
  userIdNotFound: 'User ID not found',
} as const;

/** Snackbar keys the spec names; they are i18n keys kept as they are. */
export const SPEC_SNACKBAR_KEYS = {
  accountDeleted: 'account-deleted-successfully',
  notificationSettingUpdated: 'notification-setting-updated-successfully',
} as const;
