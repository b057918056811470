import { z } from 'zod';

/**
 * CSV import of members (issue 10): the leader maps the file's columns to
 * member fields, sees a dry run (new / updated / unchanged per row and every
 * row's error, with the texts of spec 001 §8), then imports. Rows are matched
 * to existing members by e-mail; a blank cell never erases what is stored;
 * one bad row and nothing is written.
 */

/** The member fields a column can fill, in the order the mapping table shows them (the Add member form's fields). */
export const IMPORT_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
  'dateOfBirth',
  'joinDate',
  'role',
  'status',
  'statusReason',
  'gender',
  'maritalStatus',
  'occupation',
  'emergencyContact',
  'notes',
  'isVolunteer',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  dateOfBirth: 'Date of birth',
  joinDate: 'Join date',
  role: 'Role',
  status: 'Status',
  statusReason: 'Status reason',
  gender: 'Gender',
  maritalStatus: 'Marital status',
  occupation: 'Occupation',
  emergencyContact: 'Emergency contact',
  notes: 'Notes',
  isVolunteer: 'Volunteer',
};

/** 10 MB holds about 80,000 ordinary member rows; larger congregations import in parts. */
export const MEMBER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const MEMBER_IMPORT_MAX_ROWS = 50_000;
/** The dry run lists every row with an error, and the first rows of the rest (the counts cover all). */
export const IMPORT_LISTED_ROWS = 1000;

export const IMPORT_TEXTS = {
  title: 'Import Members',
  noFile: 'Choose a CSV file to import',
  tooLarge: `The file is larger than ${MEMBER_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `The file has more than ${MEMBER_IMPORT_MAX_ROWS.toLocaleString('en-ZA')} rows: import it in parts`,
  empty: 'The file has no header row',
  noRows: 'The file has a header row but no members',
  notCsv: (reason: string) => `The file could not be read as CSV: ${reason}`,
  duplicateHeader: (h: string) => `The column '${h}' appears twice in the header row`,
  unknownColumn: (h: string) => `The mapping names a column the file does not have: '${h}'`,
  fieldTwice: (label: string) => `Two columns are mapped to ${label}`,
  emailNotMapped: 'Map a column to Email: rows are matched to members by e-mail',
  badMapping: 'The column mapping is not valid',
  refused: (n: number) =>
    `Nothing was imported: ${n === 1 ? '1 row has an error' : `${n.toLocaleString('en-ZA')} rows have errors`}. Fix the file and run the dry run again.`,
  dryRunErrors: (n: number) =>
    `${n === 1 ? '1 row has an error' : `${n.toLocaleString('en-ZA')} rows have errors`}: nothing can be imported until the file is fixed.`,
  imported: (c: { created: number; updated: number; unchanged: number }) =>
    `Import complete: ${c.created} new, ${c.updated} updated, ${c.unchanged} unchanged`,
  emailTwice: (row: number) => `This email is also on row ${row}`,
  developerAccount: 'This email belongs to a developer account, not a member',
  volunteerInvalid: 'Volunteer must be yes or no',
  dateInvalid: (label: string) => `${label} must be a date (YYYY-MM-DD or DD/MM/YYYY)`,
  defaultReason: (file: string) => `Imported from ${file}`,
} as const;

/** The leader's mapping: CSV header → member field ('' = not imported). */
export const importMappingSchema = z.record(z.string().max(200), z.union([z.enum(IMPORT_FIELDS), z.literal('')]));
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** Header spellings seen in exports of other church systems and spreadsheets, compared without case, spaces or punctuation. */
const SYNONYMS: Record<ImportField, string[]> = {
  name: ['name', 'fullname', 'membername', 'displayname', 'naam'],
  email: ['email', 'emailaddress', 'mail', 'epos', 'primaryemail'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilephone', 'cell', 'cellphone', 'cellnumber', 'telephone', 'tel', 'contactnumber'],
  address: ['address', 'homeaddress', 'streetaddress', 'physicaladdress', 'adres'],
  dateOfBirth: ['dateofbirth', 'birthday', 'birthdate', 'dob', 'born'],
  joinDate: ['joindate', 'joined', 'datejoined', 'memberssince', 'membersince', 'startdate'],
  role: ['role', 'churchrole'],
  status: ['status', 'memberstatus', 'membershipstatus'],
  statusReason: ['statusreason', 'reason', 'inactivereason'],
  gender: ['gender', 'sex'],
  maritalStatus: ['maritalstatus', 'marital', 'civilstatus'],
  occupation: ['occupation', 'job', 'profession', 'work'],
  emergencyContact: ['emergencycontact', 'emergency', 'nextofkin', 'emergencycontactname'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
  isVolunteer: ['volunteer', 'isvolunteer', 'volunteers'],
};
const squash = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The automatic first guess: each header that matches a field's usual names, each field used at most once. */
export function guessMapping(headers: string[]): ImportMapping {
  const used = new Set<ImportField>();
  const out: ImportMapping = {};
  for (const h of headers) {
    const key = squash(h);
    const field = IMPORT_FIELDS.find((f) => !used.has(f) && SYNONYMS[f].includes(key));
    out[h] = field ?? '';
    if (field) used.add(field);
  }
  return out;
}

export const IMPORT_ACTIONS = ['new', 'updated', 'unchanged', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const importCountsSchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importRowSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  action: z.enum(IMPORT_ACTIONS),
  /** Labels of the fields an update changes. */
  changes: z.array(z.string()),
  errors: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importDryRunResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    fileName: z.string(),
    headers: z.array(z.string()),
    mapping: importMappingSchema,
    /** The first data row's cells, to help the mapping. */
    sample: z.array(z.string()),
    counts: importCountsSchema,
    rows: z.array(importRowSchema),
    /** False when only the first IMPORT_LISTED_ROWS rows without errors are listed. */
    listedAll: z.boolean(),
  }),
});
export type ImportDryRun = z.infer<typeof importDryRunResponse>['data'];

export const importDoneResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ counts: importCountsSchema }),
});
