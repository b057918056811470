/** Rate-limit windows follow the calendar in UTC: the hour, and the month (the billing period). */
export function hourWindow(now: Date) {
  const start = new Date(now);
  start.setUTCMinutes(0, 0, 0);
  return { start, end: new Date(start.getTime() + 3_600_000) };
}

export function monthWindow(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}
