/** '5 minutes ago', 'in 3 hours', '2 days ago' — short and in English, as the rest of the app. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const diff = Date.parse(iso) - now.getTime();
  if (Number.isNaN(diff)) return '';
  const abs = Math.abs(diff);
  const units: [number, string][] = [
    [365 * 86_400_000, 'year'],
    [30 * 86_400_000, 'month'],
    [7 * 86_400_000, 'week'],
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
  ];
  for (const [ms, name] of units) {
    if (abs >= ms) {
      const n = Math.floor(abs / ms);
      const label = `${n} ${name}${n === 1 ? '' : 's'}`;
      return diff < 0 ? `${label} ago` : `in ${label}`;
    }
  }
  return 'just now';
}
