/** Developer-area texts quoted from spec 002 §5 and §8. */
export const DEV_TEXTS = {
  loginSuccess: 'Developer login successful!',
  loginFailed: 'Login failed',
  authFailed: 'Authentication failed. Please check your credentials.',
  keyLoginSuccess: 'API key authentication successful!',
  enterKey: 'Please enter your API key',
  registered: 'Developer account created successfully!',
  registrationFailed: 'Registration failed',
  registrationFailedRetry: 'Registration failed. Please try again.',
  fillRequired: 'Please fill in all required fields',
  createPassword: 'Please create a password',
  passwordHint: 'Minimum 8 characters with letters and numbers',
  passwordsMismatch: 'Passwords do not match',
  acceptTerms: 'Please accept the terms and conditions',
  noToken: 'No authentication token found',
  keyCreated: 'API key created successfully!',
  keyRevoked: 'API key revoked successfully',
  keyCopied: 'API key copied to clipboard',
  createFailed: (message: string) => `Failed to create API key: ${message}`,
  revokeConfirm: 'Are you sure you want to revoke this API key? This action cannot be undone.',
  webhookDeleteConfirm: 'Are you sure you want to delete this webhook?',
  backendIssue: 'Backend Connection Issue',
  apiConnectionFailed: 'API Connection Failed',
} as const;

export const USE_CASES = [
  { value: 'church-app', label: 'Church app' },
  { value: 'website-integration', label: 'Website integration' },
  { value: 'internal-tools', label: 'Internal tools' },
  { value: 'third-party-app', label: 'Third-party app' },
  { value: 'personal-project', label: 'Personal project' },
  { value: 'other', label: 'Other' },
] as const;
