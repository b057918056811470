/**
 * One e-mail rule for the login form, the register form and the server:
 * something@label.label with no spaces. Deliberately simple: the real test
 * of an address is whether mail arrives.
 *
 * Linear time by construction: every quantified part excludes the character
 * that ends it ('@' ends the local part, '.' ends a domain label), so the
 * engine never has two ways to split the input and cannot backtrack into
 * quadratic work (the earlier /[^\s@]+\.[^\s@]+$/ took 2 s on 40,000 dots).
 * contract/src/rules/regex-safety.test.ts checks every pattern in the repo.
 */
export const EMAIL_MAX = 254;
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]+$/;

export function isValidEmail(value: string): boolean {
  const v = value.trim();
  // The length check comes first so the pattern only ever sees bounded input.
  return v.length <= EMAIL_MAX && EMAIL_PATTERN.test(v);
}

/** E-mail addresses are compared case-insensitively and without surrounding space. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
