/** What the account calls answer, in English (the web shows its own texts by code). */
export const MESSAGES = {
  codeSent: 'We sent a 6-digit code to your e-mail address. Please check your inbox.',
  codeValidated: 'The code is correct.',
  codeExpired: 'This code has expired or was already used. Please ask for a new code.',
  codeAttemptsExceeded: 'Too many wrong tries. Please ask for a new code.',
  codeWrong: (left: number) =>
    `The code is not correct. You can try ${left} more time${left === 1 ? '' : 's'}.`,
  registered: 'Your account was created.',
  recoverSent: 'If an account exists for this e-mail address, we sent a code to it.',
  passwordReset: 'Your password was changed. Please log in with your new password.',
  loginFailed: 'The username or password is not correct.',
  sessionEnded: 'Your session has ended. Please log in again.',
  emailChanged: 'Your e-mail address was changed.',
  emailTaken: 'This e-mail address cannot be used. Please choose another one.',
  staffOnly:
    'Staff accounts need an e-mail address of the manufacturer. Please register as a member, or ask your manager for an invitation.',
} as const;
