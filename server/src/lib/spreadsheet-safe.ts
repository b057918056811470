/**
 * A text cell starting with = + - @ (or a tab or carriage return) is prefixed
 * with ' so a spreadsheet opening the file never runs it as a formula (CSV
 * injection). Every CSV and Excel file the server writes passes its text
 * cells through this; numbers pass unchanged.
 */
export function spreadsheetSafe<T>(v: T): T | string {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}
