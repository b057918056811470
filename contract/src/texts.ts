/** Texts both sides need, quoted exactly from the spec. */
export const TEXTS = {
  forbidden: 'You do not have permission to perform this action',
  signInRequired: 'Please sign in to continue',
  pastorAccessDenied: 'Access denied. Pastor privileges required.',
  logoutConfirm: 'Are you sure you want to logout?',
  loginFailed: 'Login failed. Please check your credentials.',
  invalidCredentials: 'Invalid credentials',
} as const;
