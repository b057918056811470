/** Two-factor sign-in texts (issue 29): apart from the schemas, so the web's fetch wrapper reads them without zod. */
export const TWO_FACTOR_TEXTS = {
  challengeSent: 'Enter the code from your authenticator app.',
  setupRequired: 'Your church requires two-factor sign-in for your role. Set it up under Profile › Security.',
  wrongCode: 'That code is not right, or it was already used. Try the next code your app shows.',
  wrongRecoveryCode: 'That recovery code is not right, or it was already used.',
  challengeExpired: 'This sign-in took too long. Please sign in again with your password.',
  alreadyEnabled: 'Two-factor sign-in is already on. Turn it off first to set up a new app.',
  notEnrolling: 'Start setting up two-factor sign-in first.',
  notEnabled: 'Two-factor sign-in is not on for this account.',
  enabled: 'Two-factor sign-in is on. Your other sessions were signed out.',
  disabled: 'Two-factor sign-in is off.',
  regenerated: 'New recovery codes made; the old ones no longer work.',
  reset: 'Two-factor sign-in was reset. The person signs in with their password and may set it up again.',
  noPassword: 'Set a password before turning on two-factor sign-in.',
} as const;
