import { z } from 'zod';

/**
 * CSV import of members (issues 10 and 31): the leader maps the file's columns
 * to member fields (exports of Breeze, ChurchCRM and Planning Center People are
 * recognised by their headers), sees a dry run (new / updated / unchanged per
 * row and every row's error, with the texts of spec 001 §8), then imports. Rows
 * are matched to existing members by e-mail, or by phone in any form together
 * with the same name; a blank cell never erases what is stored. The good rows
 * are imported and the bad ones come back as a CSV with their reasons. A family
 * column — or people sharing an address — creates or joins a household.
 */

/** The member fields a column can fill, in the order the mapping table shows them (the Add member form's fields). */
export const IMPORT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'household',
  'householdRole',
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
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  household: 'Household',
  householdRole: 'Household role',
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
  /** Issue 29, finding 5: the new address confirms a change of someone's login e-mail. */
  loginEmail: 'This person signs in with their e-mail: change it on their member page, where the new address is asked to confirm it.',
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
  nameNotMapped: 'Map a column to Name, or to First name and Last name',
  badMapping: 'The column mapping is not valid',
  refused: (n: number) =>
    `Nothing was imported: ${n === 1 ? '1 row has an error' : `${n.toLocaleString('en-ZA')} rows have errors`}. Fix the file and run the dry run again.`,
  dryRunErrors: (n: number) =>
    `${n === 1 ? '1 row has an error' : `${n.toLocaleString('en-ZA')} rows have errors`}: ${n === 1 ? 'it is' : 'they are'} left out, and you can download ${n === 1 ? 'it' : 'them'} with the reasons to fix and import again.`,
  imported: (c: { created: number; updated: number; unchanged: number; errors?: number }) =>
    `Import complete: ${c.created} new, ${c.updated} updated, ${c.unchanged} unchanged` +
    (c.errors ? `; ${c.errors === 1 ? '1 row' : `${c.errors.toLocaleString('en-ZA')} rows`} not imported` : ''),
  emailTwice: (row: number) => `This email is also on row ${row}`,
  personTwice: (row: number) => `This person (same name and phone) is also on row ${row}`,
  reasonColumn: 'Why it was not imported',
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
  firstName: ['firstname', 'first', 'givenname', 'forename', 'voornaam'],
  lastName: ['lastname', 'surname', 'last', 'van'],
  email: ['email', 'emailaddress', 'mail', 'epos', 'primaryemail', 'homeemail', 'personalemail'],
  phone: [
    'phone',
    'phonenumber',
    'mobile',
    'mobilephone',
    'mobilephonenumber',
    'cell',
    'cellphone',
    'cellnumber',
    'cellphonenumber',
    'telephone',
    'tel',
    'contactnumber',
    'homephone',
  ],
  address: ['address', 'homeaddress', 'streetaddress', 'physicaladdress', 'adres', 'address1', 'addressline1', 'homeaddressstreetline1'],
  city: ['city', 'town', 'homeaddresscity'],
  household: ['family', 'familyname', 'household', 'householdname', 'familyid', 'householdid', 'gesin'],
  householdRole: ['familyrole', 'householdrole', 'relationship', 'familyrelationship', 'familyposition'],
  dateOfBirth: ['dateofbirth', 'birthday', 'birthdate', 'dob', 'born', 'geboortedatum'],
  joinDate: ['joindate', 'joined', 'datejoined', 'memberssince', 'membersince', 'startdate'],
  role: ['role', 'churchrole'],
  status: ['status', 'memberstatus', 'membershipstatus', 'membership', 'membershiptype'],
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
  data: z.object({
    counts: importCountsSchema,
    households: z.number().int().describe('Households the import created'),
    rejectedCsv: z
      .string()
      .nullable()
      .describe('The rows not imported, as the file had them, with a last column saying why (null when every row was imported)'),
  }),
});

/** The downloadable template: every field a column can fill, and two example rows of one household. */
export const IMPORT_TEMPLATE = [
  [
    'First name',
    'Last name',
    'Email',
    'Phone',
    'Address',
    'City',
    'Household',
    'Household role',
    'Date of birth',
    'Join date',
    'Gender',
    'Marital status',
    'Occupation',
    'Status',
    'Notes',
  ],
  [
    'Thandi',
    'Mokoena',
    'thandi@example.org',
    '082 555 1234',
    '12 Kerk Street',
    'Pretoria',
    'Mokoena',
    'Head',
    '18/04/1980',
    '01/02/2015',
    'female',
    'married',
    'Nurse',
    'active',
    '',
  ],
  [
    'Lwazi',
    'Mokoena',
    '',
    '',
    '12 Kerk Street',
    'Pretoria',
    'Mokoena',
    'Child',
    '02/09/2014',
    '01/02/2015',
    'male',
    'single',
    '',
    'active',
    'No e-mail: a child',
  ],
];
