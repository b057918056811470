import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DEFAULT_PHONE_REGION, parsePhone } from './phone';

/**
 * Whether a stored phone number can receive an SMS (issue 35): a mobile
 * number by libphonenumber's full metadata (South Africa: 06x, 07x, 08x
 * mobile ranges; not a landline, 086 share-call or 087 VoIP). Numbers the
 * metadata cannot classify (FIXED_LINE_OR_MOBILE in some countries) are
 * tried: their provider decides. WhatsApp needs a valid number only.
 */
export function reachablePhone(
  stored: string | null | undefined,
  region: string = DEFAULT_PHONE_REGION,
): { e164: string; mobile: boolean } | null {
  if (!stored) return null;
  const parsed = parsePhone(stored, region);
  if (!parsed) return null;
  const type = parsePhoneNumberFromString(parsed.e164)?.getType();
  return { e164: parsed.e164, mobile: type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' || type === undefined };
}

/** The last three digits, for a list a leader reads: +27 •• ••• •234. */
export const maskPhone = (e164: string) => `${e164.slice(0, 3)} •• ••• •${e164.slice(-3)}`;
