import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum: 19 MiB memory, 2 iterations, 1 lane. */
const OPTIONS = { algorithm: 2 satisfies Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password. With no stored hash (unknown e-mail, or a member who
 * never set a password) it still spends the same time, so response time does
 * not reveal which e-mails have accounts.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
