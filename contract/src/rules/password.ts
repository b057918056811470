/** Spec 000 §5/§9 and ARCHITECTURE "Readings we chose": four criteria at 25 points each. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;
export const NAME_MAX = 50;

export function passwordStrength(password: string): number {
  let score = 0;
  if (password.length >= PASSWORD_MIN) score += 25;
  if (/[A-Z]/.test(password)) score += 25;
  if (/[a-z]/.test(password)) score += 25;
  if (/[0-9]/.test(password)) score += 25;
  return score;
}

export type StrengthLabel = 'Weak password' | 'Medium password' | 'Strong password';

export function strengthLabel(score: number): { label: StrengthLabel; color: 'red' | 'yellow' | 'green' } {
  if (score < 50) return { label: 'Weak password', color: 'red' };
  if (score < 75) return { label: 'Medium password', color: 'yellow' };
  return { label: 'Strong password', color: 'green' };
}

/**
 * Passwords so common that attackers try them first. The server refuses them
 * (ARCHITECTURE: no character-class rules, but no "password123" either).
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'qwerty123',
  'qwertyuiop',
  '11111111',
  '00000000',
  'iloveyou',
  'abc12345',
  'abcd1234',
  'welcome1',
  'welcome123',
  'admin123',
  'letmein1',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'trustno1',
  '1q2w3e4r',
  'qwerty12',
  '123123123',
  'aa123456',
  'jesus123',
  'blessed1',
  'church123',
  'christ123',
  'godisgood',
  'iloveyou1',
  'changeme',
  '87654321',
  '12341234',
  'superman',
  'starwars',
  'computer',
  'whatever',
  'dragon12',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
