import crypto from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) for a secret that must wait in the
 * database for a moment, e.g. the reset link of a mail queued for delivery.
 * The key is derived from the server secret, which is never in the database
 * on the embedded engine and never in a backup, so a person who can read rows
 * (an administrator's backup, a database dump) cannot read what is sealed.
 */
export interface Sealer {
  seal(plain: string): string;
  /** The plain text, or null when it was sealed with another key (the server secret changed) or altered. */
  open(sealed: string): string | null;
}

const VERSION = 'v1';

export function createSealer(serverSecret: string, purpose: string): Sealer {
  const key = crypto.createHmac('sha256', serverSecret).update(`church-platform:seal:${purpose}`).digest();
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
