/** 'YYYY-MM' → 'Jun 26', the axis label of the monthly charts. */
export const monthLabel = (m: string) => new Date(`${m}-01T12:00:00Z`).toLocaleDateString('en-ZA', { month: 'short', year: '2-digit' });
