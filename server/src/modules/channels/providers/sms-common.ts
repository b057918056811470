import crypto from 'node:crypto';
import { smsSegments } from '@church/contract/rules/sms-segments';
import type { ReportedState } from '../channel';

export interface SmsConfig {
  /** The provider's API base (the real one, or the local stand-in's). */
  base: string;
  senderId: string;
  /** Price per segment, hundredths of a cent. */
  priceUnits: number;
  fetchImpl?: typeof fetch;
}

export const smsCost = (priceUnits: number) => (m: { text: string }) => {
  const { segments } = smsSegments(m.text);
  return { segments, units: segments * priceUnits };
};

/** Constant-time comparison of two secrets of any length. */
export function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
}

/** SMPP-style delivery receipt statuses (DELIVRD, UNDELIV…) as ours. */
export function smppState(status: string): ReportedState | null {
  const s = status.toUpperCase().replace(/[^A-Z]/g, '');
  if (s === 'DELIVRD' || s === 'DELIVERED') return 'delivered';
  if (['UNDELIV', 'UNDELIVERABLE', 'EXPIRED', 'REJECTD', 'REJECTED', 'DELETED', 'FAILED', 'BLOCKED'].includes(s)) return 'failed';
  if (['ACCEPTD', 'ACCEPTED', 'ENROUTE', 'SENT', 'SUBMITTED'].includes(s)) return 'sent';
  return null;
}

export const json = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
export const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** "27825551234" or "+27825551234" as E.164. */
export const e164 = (v: unknown) => {
  const s = str(v).replace(/[^\d+]/g, '');
  return s ? (s.startsWith('+') ? s : `+${s}`) : '';
};
export const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};
