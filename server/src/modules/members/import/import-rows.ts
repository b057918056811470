import { canGrantRole, outranks } from '@church/contract/roles';
import { IMPORT_FIELD_LABELS, IMPORT_TEXTS, type ImportField } from '@church/contract/members-import';
import { HOUSEHOLD_ROLES, MEMBER_TEXTS, memberWriteRequest, type MemberWrite } from '@church/contract/members-manage';
import type { UserRow } from '../../../db/schema/index';
import { columnsFrom, MEMBER_FIELDS } from '../service';
import type { Actor } from '../service';

/** The fields a member write takes (the others — first and last name, city, household — are folded into these). */
type WriteField = Exclude<ImportField, 'firstName' | 'lastName' | 'city' | 'household' | 'householdRole'>;
/** One data row's non-blank cells by field (a blank cell is simply absent: it never erases). */
export type Cells = Partial<Record<WriteField, string>>;
/** Where the row says the person lives with others: a family column, or (without one) the address. */
export interface HouseholdCell {
  name: string | null;
  role: (typeof HOUSEHOLD_ROLES)[number] | null;
  /** For a household named after the people sharing an address. */
  lastName: string;
}

const HEAD = /head|primary|hoof/i;
const SPOUSE = /spouse|wife|husband|partner|vrou|man\b/i;
const CHILD = /child|son|daughter|kid|dependant|dependent|kind|seun|dogter/i;
export function householdRoleOf(raw: string | undefined): HouseholdCell['role'] {
  if (!raw) return null;
  if (HEAD.test(raw)) return 'head';
  if (SPOUSE.test(raw)) return 'spouse';
  if (CHILD.test(raw)) return 'child';
  return 'other';
}

/**
 * The row's cells by field, with First name + Last name made one name and the city added to the
 * address (as other systems export them), and the household cells set aside.
 */
export function cellsOf(record: string[], columns: ReadonlyArray<ImportField | ''>): { cells: Cells; household: HouseholdCell } {
  const raw: Partial<Record<ImportField, string>> = {};
  columns.forEach((field, i) => {
    const v = record[i]?.trim();
    if (field && v) raw[field] = v;
  });
  const { firstName, lastName, city, household, householdRole, ...cells } = raw;
  if (!cells.name && (firstName || lastName)) cells.name = [firstName, lastName].filter(Boolean).join(' ');
  if (city) cells.address = cells.address ? `${cells.address}, ${city}` : city;
  const surname = lastName ?? cells.name?.split(/\s+/).at(-1) ?? '';
  return { cells, household: { name: household ?? null, role: householdRoleOf(householdRole), lastName: surname } };
}

/** YYYY-MM-DD, YYYY/MM/DD, or day first (DD/MM/YYYY, the South African way); anything else is returned as given and fails validation. */
export function isoDay(v: string): string | null {
  let m = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(v);
  if (m) return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return null;
}
const realDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};

/** Status words other systems use (Breeze, ChurchCRM, Planning Center), read as ours. */
const STATUS_WORDS: Record<string, string> = {
  member: 'active',
  members: 'active',
  regular: 'active',
  regularattender: 'active',
  attender: 'active',
  attendee: 'active',
  guest: 'visitor',
  firsttimeguest: 'visitor',
  firsttimevisitor: 'visitor',
  newcomer: 'visitor',
  former: 'inactive',
  formermember: 'inactive',
  moved: 'inactive',
  deceased: 'inactive',
};
const GENDER_WORDS: Record<string, string> = { m: 'male', f: 'female', man: 'male', woman: 'female', manlik: 'male', vroulik: 'female' };

const YES = ['yes', 'y', 'true', '1', 'ja'];
const NO = ['no', 'n', 'false', '0', 'nee'];

type Shape = typeof memberWriteRequest.shape;
const shape: Shape = memberWriteRequest.shape;

/**
 * A cell as the Add member form would send it, checked with that form's own
 * field rule (contract members-manage: the spec 001 §8 texts and the phone
 * rule). Returns the parsed value or the error text.
 */
function parseCell(field: WriteField, raw: string): { value: unknown } | { error: string } {
  let v: unknown = raw;
  if (field === 'dateOfBirth' || field === 'joinDate') {
    const day = isoDay(raw);
    if (!day || !realDay(day)) return { error: IMPORT_TEXTS.dateInvalid(IMPORT_FIELD_LABELS[field]) };
    v = day;
  } else if (field === 'isVolunteer') {
    const k = raw.toLowerCase();
    if (YES.includes(k)) v = true;
    else if (NO.includes(k)) v = false;
    else return { error: IMPORT_TEXTS.volunteerInvalid };
  } else if (field === 'status') {
    const k = raw.toLowerCase().replace(/[^a-z]/g, '');
    v = STATUS_WORDS[k] ?? raw.toLowerCase();
  } else if (field === 'gender') {
    const k = raw.toLowerCase();
    v = GENDER_WORDS[k] ?? k;
  } else if (field === 'role' || field === 'maritalStatus') {
    v = raw.toLowerCase();
  }
  const r = shape[field].safeParse(v);
  return r.success ? { value: r.data } : { error: r.error.issues[0]?.message ?? MEMBER_TEXTS.validationFailed };
}

/** The stored member as the write request describes it, so file cells can be laid over it. */
function writeOf(row: UserRow): MemberWrite {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    dateOfBirth: row.birthday,
    joinDate: row.joinDate,
    role: row.role as MemberWrite['role'],
    status: row.status as MemberWrite['status'],
    gender: row.gender as MemberWrite['gender'],
    maritalStatus: row.maritalStatus as MemberWrite['maritalStatus'],
    occupation: row.occupation,
    emergencyContact: row.emergencyContact,
    notes: row.notes,
    isVolunteer: row.isVolunteer,
    statusReason: null,
  };
}

const COLUMN_LABELS: Partial<Record<(typeof MEMBER_FIELDS)[number], string>> = {
  ...IMPORT_FIELD_LABELS,
  birthday: IMPORT_FIELD_LABELS.dateOfBirth,
};

export type RowPlan =
  | { action: 'error'; errors: string[] }
  | { action: 'new'; values: ReturnType<typeof columnsFrom>; reason: string | null }
  | { action: 'unchanged'; existing: UserRow }
  | {
      action: 'updated';
      existing: UserRow;
      set: Partial<ReturnType<typeof columnsFrom>>;
      changes: string[];
      reason: string | null;
    };

/**
 * What one row would do. `existing` is the account with the row's e-mail (any
 * role), `today` the join date of new members whose cell is blank (the Add
 * member form's default).
 */
export function planRow(actor: Actor, cells: Cells, existing: UserRow | undefined, today: string, defaultReason: string): RowPlan {
  const errors: string[] = [];
  const parsed: Partial<Record<WriteField, unknown>> = {};
  for (const [field, raw] of Object.entries(cells) as [WriteField, string][]) {
    const r = parseCell(field, raw);
    if ('error' in r) errors.push(r.error);
    else parsed[field] = r.value;
  }
  if (existing?.role === 'developer') errors.push(IMPORT_TEXTS.developerAccount);

  const before = existing ? writeOf(existing) : null;
  if (!before && !cells.name) errors.push(MEMBER_TEXTS.nameRequired);
  if (errors.length) return { action: 'error', errors };

  const merged: MemberWrite = {
    ...(before ?? {
      name: '',
      email: null,
      phone: null,
      address: null,
      dateOfBirth: null,
      joinDate: today,
      role: 'member',
      status: 'active',
      gender: null,
      maritalStatus: null,
      occupation: null,
      emergencyContact: null,
      notes: null,
      isVolunteer: false,
      statusReason: null,
    }),
    ...(parsed as Partial<MemberWrite>),
  };
  const values = columnsFrom(merged);
  const statusChanges = !before || before.status !== merged.status;
  // Setting someone inactive asks for a reason: the row's own, or the import itself named as the reason.
  const reason = statusChanges ? (merged.statusReason ?? (merged.status === 'inactive' ? defaultReason : null)) : null;

  if (!existing) {
    if (!canGrantRole(actor, merged.role)) return { action: 'error', errors: [MEMBER_TEXTS.roleNotAllowed(merged.role)] };
    return { action: 'new', values, reason };
  }
  const set: Partial<typeof values> = {};
  const changes: string[] = [];
  for (const [k, v] of Object.entries(values) as [keyof typeof values, unknown][]) {
    const old = (existing as Record<string, unknown>)[k];
    if (JSON.stringify(old ?? null) !== JSON.stringify(v ?? null)) {
      (set as Record<string, unknown>)[k] = v;
      changes.push(COLUMN_LABELS[k as keyof typeof COLUMN_LABELS] ?? k);
    }
  }
  if (!changes.length) return { action: 'unchanged', existing };
  // The same guards as editing one member: admins are changed only by someone who could grant that role.
  if ((existing.role === 'admin' || existing.role === 'superadmin') && !canGrantRole(actor, existing.role)) {
    return { action: 'error', errors: [MEMBER_TEXTS.targetNotAllowed] };
  }
  if (set.role && !canGrantRole(actor, set.role)) return { action: 'error', errors: [MEMBER_TEXTS.roleNotAllowed(set.role)] };
  // A login e-mail follows the one rule (members/email-change.ts): a file cannot change it for someone who signs
  // in (the new address must confirm it, on the member's page), nor anyone's whose role is not below the importer's.
  if ('email' in set) {
    if (existing.id === actor.actorId) return { action: 'error', errors: [MEMBER_TEXTS.emailOwnOnProfile] };
    if (!outranks(actor, existing)) return { action: 'error', errors: [MEMBER_TEXTS.emailPeerNotAllowed] };
    if (existing.passwordHash) return { action: 'error', errors: [IMPORT_TEXTS.loginEmail] };
  }
  return { action: 'updated', existing, set, changes, reason };
}
