/**
 * The merge screen's suggestion for each field (issue 31): the value that is filled; where both are,
 * the kept record's — except the join date, where the earlier one is the truth (a person who joined in
 * 2015 and was entered again in 2024 joined in 2015), and the volunteer flag, where a yes on either
 * record is kept (someone serving does not stop because their record was doubled).
 */
export type MergeSide = 'keep' | 'remove';

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

export function mergeDefault(field: string, kept: unknown, removed: unknown): MergeSide {
  if (isEmpty(kept)) return isEmpty(removed) ? 'keep' : 'remove';
  if (isEmpty(removed)) return 'keep';
  if (field === 'joinDate' && typeof kept === 'string' && typeof removed === 'string') return removed < kept ? 'remove' : 'keep';
  if (field === 'isVolunteer') return kept === false && removed === true ? 'remove' : 'keep';
  return 'keep';
}

/** How a record is named in the merge confirmation: its e-mail, else its phone, else its name alone. */
export const mergeLabel = (m: { name: string; email: string | null; phone: string | null }, phoneText: (p: string) => string) =>
  m.email ? `${m.name} (${m.email})` : m.phone ? `${m.name} (${phoneText(m.phone)})` : m.name;
