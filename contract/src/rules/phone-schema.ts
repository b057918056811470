import { z } from 'zod';
import { normalisePhone, PHONE_INPUT_MAX, PHONE_TEXTS } from './phone';

/**
 * Every optional phone field of the API: any usual form in ('082 555 1234', '+27 82 555 1234' …),
 * E.164 out ('+27825551234'); empty or missing becomes null. Invalid numbers are refused with
 * `message` (spec 001 §8: 'Phone number is invalid').
 */
export const optionalPhoneField = (message: string = PHONE_TEXTS.invalid) =>
  z
    .string({ error: message })
    .max(PHONE_INPUT_MAX, { error: message, abort: true })
    .nullish()
    .transform((v, ctx) => {
      const text = v?.trim();
      if (!text) return null;
      const e164 = normalisePhone(text);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return e164;
    })
    .describe('A phone number in any usual form (082 555 1234, +27 82 555 1234); answered in E.164 (+27825551234)');

/** The same for fields whose "none" is the empty string (church settings). */
export const phoneOrEmptyField = (message: string = PHONE_TEXTS.invalid) => optionalPhoneField(message).transform((v) => v ?? '');
