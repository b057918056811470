/**
 * Phone numbers, one way everywhere (issue 31): '082 555 1234', '0825551234',
 * '+27 82 555 1234' and '0027 82 555 1234' are one number. Every phone field
 * is parsed by libphonenumber-js with the church's country as the default
 * region, stored as E.164 ('+27825551234') and shown in national format
 * ('082 555 1234'; a number of another country in international format).
 *
 * The full ("max") metadata: it tells a real South African number from one
 * with a digit too many, which the smaller sets accept.
 */
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** The default region of a phone written without its country code: the church's country (ISO 3166-1 alpha-2). */
export const DEFAULT_PHONE_REGION = 'ZA';

export const PHONE_TEXTS = { invalid: 'Phone number is invalid' } as const;

/** Longest text we try to read as a phone (numbers with spacing, brackets and a + are far shorter). */
export const PHONE_INPUT_MAX = 40;

const MIN_NATIONAL_DIGITS = 7;

/** Only what people write a phone number with: digits, spaces, + ( ) - . / */
const PHONE_CHARS = /^[\d\s+().\-/]+$/;

function regionOf(region: string): CountryCode {
  return (isSupportedCountry(region) ? region : DEFAULT_PHONE_REGION) as CountryCode;
}

export interface ParsedPhone {
  /** '+27825551234': what is stored. */
  e164: string;
  /** '082 555 1234' (own country) or '+44 20 7946 0958' (another country): what is shown. */
  display: string;
  /** The number's country, when the library can tell. */
  country: string | undefined;
}

/** A valid phone number in any usual form, or null (empty, not a phone, not a real number, with an extension). */
export function parsePhone(input: string, region: string = DEFAULT_PHONE_REGION): ParsedPhone | null {
  const text = input.trim();
  if (!text || text.length > PHONE_INPUT_MAX || !PHONE_CHARS.test(text)) return null;
  const home = regionOf(region);
  const p = parsePhoneNumberFromString(text, home);
  // At least 7 national digits: the metadata admits some 5-digit South African "mobile" ranges ('082 555'),
  // which is what a half-typed number looks like; no number a member gives us is that short.
  if (!p || !p.isValid() || p.ext || p.nationalNumber.length < MIN_NATIONAL_DIGITS) return null;
  const sameCountry = p.countryCallingCode === getCountryCallingCode(home);
  return { e164: p.number, display: sameCountry ? p.formatNational() : p.formatInternational(), country: p.country };
}

/** E.164 for a valid number, null for anything else. */
export const normalisePhone = (input: string, region?: string) => parsePhone(input, region)?.e164 ?? null;

export const isValidPhone = (input: string, region?: string) => parsePhone(input, region) !== null;

/**
 * How a stored phone is shown: national format for the church's country, international for others.
 * A value stored before numbers were normalised and that is not a valid number is shown as it was written.
 */
export function formatPhone(stored: string | null | undefined, region: string = DEFAULT_PHONE_REGION): string {
  if (!stored) return '';
  return parsePhone(stored, region)?.display ?? stored;
}

/**
 * The digit strings a phone search looks for in the stored number's digits (users.phone_digits):
 * what was typed, and — where it begins with the trunk prefix 0 — the same with the country code
 * instead ('082 555' → '082555' and '2782555'), so a partial number finds E.164 rows; a full number in
 * any form becomes its E.164 digits. Fewer than 3 digits: nothing (too broad to be a phone search).
 */
export function phoneSearchDigits(query: string, region: string = DEFAULT_PHONE_REGION): string[] {
  const digits = query.replace(/\D/g, '');
  if (digits.length < 3) return [];
  const out = new Set<string>([digits]);
  const full = parsePhone(query, region);
  if (full) out.add(full.e164.slice(1));
  const cc = getCountryCallingCode(regionOf(region));
  if (/^0[1-9]/.test(digits) && digits.length > 3) out.add(`${cc}${digits.slice(1)}`);
  else if (/^00[1-9]/.test(digits) && digits.length > 5) out.add(digits.slice(2));
  // Legacy rows written in national form (before E.164): '27 82 555' also finds '082 555…'.
  if (digits.startsWith(cc) && digits.length > cc.length + 2) out.add(`0${digits.slice(cc.length)}`);
  return [...out];
}

/** Looks like a phone number rather than a name: digits with only the punctuation a phone is written with. */
export const looksLikePhone = (q: string) => PHONE_CHARS.test(q) && q.replace(/\D/g, '').length >= 3;
