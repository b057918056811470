/**
 * One e-mail rule for the login form, the register form and the server:
 * something@something.tld with no spaces. Deliberately simple: the real test
 * of an address is whether mail arrives.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** E-mail addresses are compared case-insensitively and without surrounding space. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
