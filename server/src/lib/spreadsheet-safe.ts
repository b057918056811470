/**
 * A text cell starting with = + - @ (or a tab or carriage return) is prefixed
 * with ' so a spreadsheet opening the file never runs it as a formula (CSV
 * injection). Every CSV and Excel file the server writes passes its text
 * cells through this; numbers pass unchanged.
 */
export function spreadsheetSafe<T>(v: T): T | string {
  // A plain negative amount ('-150.00') is a number to a spreadsheet, not a formula: it stays as it is.
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) && !/^-\d+(\.\d+)?$/.test(v) ? `'${v}` : v;
}
