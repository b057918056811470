import type { Room } from '@church/contract/checkin';

/** Whole months between a birth date and a day (both local dates). */
export function ageInMonths(birthDate: string, onDay: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDay.split('-').map(Number) as [number, number, number];
  return (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
}

/**
 * The room that fits a child on a day: by grade when the child has one and a room takes grades,
 * otherwise by age. The narrowest fitting range wins (a toddlers' room over a catch-all).
 */
export function roomFor(child: { birthDate: string | null; grade: number | null }, rooms: Room[], onDay: string): string | null {
  const fits = rooms.filter((r) => {
    if (child.grade !== null && (r.minGrade !== null || r.maxGrade !== null))
      return (r.minGrade ?? 0) <= child.grade && child.grade <= (r.maxGrade ?? 12);
    if (child.birthDate && (r.minMonths !== null || r.maxMonths !== null)) {
      const age = ageInMonths(child.birthDate, onDay);
      return (r.minMonths ?? 0) <= age && age <= (r.maxMonths ?? 240);
    }
    return false;
  });
  const width = (r: Room) =>
    r.minGrade !== null || r.maxGrade !== null ? (r.maxGrade ?? 12) - (r.minGrade ?? 0) : ((r.maxMonths ?? 240) - (r.minMonths ?? 0)) / 12;
  return fits.sort((a, b) => width(a) - width(b))[0]?.id ?? null;
}
