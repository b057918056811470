import { z } from 'zod';
import { entityIds } from './http';
import { optionalPhoneField } from './rules/phone-schema';
import { localDate } from './services';

/**
 * Children's check-in (issue 33): families, rooms, kiosks, security labels,
 * releases and label printers.
 */
export const CHECKIN_LIMITS = {
  nameMax: 80,
  notesMax: 500,
  childrenMax: 12,
  guardiansMax: 4,
  collectorsMax: 8,
  /** A kiosk looks a family up by at least this many of the phone's last digits. */
  phoneDigitsMin: 4,
  phoneDigitsMax: 15,
  cardMax: 64,
  /** Families a kiosk lookup may offer to choose among (by first names only). */
  choicesMax: 8,
  /** Codes a kiosk keeps in hand for the day, to check in while the server is unreachable. */
  reserveCodes: 40,
  roomsMax: 50,
  syncBatchMax: 200,
} as const;

/** Security codes: no vowels (no words), none of the look-alikes 0 O 1 I L 5 S 2 Z 8 B. */
export const SECURITY_CODE_ALPHABET = 'CDFGHJKMNPQRTVWXY34679';
export const SECURITY_CODE_LENGTH = 4;
export const securityCode = z
  .string({ error: 'Scan or type the code on the tag' })
  .trim()
  .toUpperCase()
  .max(SECURITY_CODE_LENGTH, { error: 'That is not a security code from a tag', abort: true })
  .regex(new RegExp(`^[${SECURITY_CODE_ALPHABET}]{${SECURITY_CODE_LENGTH}}$`), 'That is not a security code from a tag');

export const CHECKIN_TEXTS = {
  kioskKeyMissing: 'This device is not set up as a check-in kiosk',
  noFamily: 'No family found with that number. Please see the welcome desk.',
  unknownCard: 'This card is not known. Please see the welcome desk.',
  chooseFamily: 'Several families match. Tap your family:',
  alreadyIn: (name: string) => `${name} is already checked in`,
  checkedIn: 'Checked in — collect your labels',
  released: (names: string) => `${names} collected`,
  wrongTag: 'This tag does not match any child checked in today',
  alreadyCollected: 'The children on this tag have already been collected',
  notAuthorised: (name: string) => `${name} may not collect this child`,
  printerOff: (printer: string) =>
    `The printer "${printer}" is not answering. Is it switched on? The labels are kept: reprint them from the station.`,
  printed: 'Labels printed',
  noPrinter: 'No label printer is set up for this kiosk: print the labels from the browser',
  noService: 'No service is open for check-in now',
  familyAdded: 'Family added',
} as const;

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(CHECKIN_LIMITS.nameMax, `${label} must be at most ${CHECKIN_LIMITS.nameMax} characters`);
const notes = (label: string) =>
  z.string().trim().max(CHECKIN_LIMITS.notesMax, `${label} must be at most ${CHECKIN_LIMITS.notesMax} characters`).optional();
/** Phones through the one phone module (issue 31): any usual form in, E.164 stored; a guardian's is required (the kiosk finds families by it). */
const guardianPhone = optionalPhoneField().refine((v): v is string => v !== null, 'A phone number is required: the family is found by it');
const uuid = z.string().uuid('That id is not valid');

// ---- rooms, printers, kiosks ----

export const roomSchema = z.object({
  ...entityIds,
  name: z.string(),
  minMonths: z.number().int().nullable().describe('Youngest age in months (inclusive)'),
  maxMonths: z.number().int().nullable().describe('Oldest age in months (inclusive)'),
  minGrade: z.number().int().nullable().describe('Lowest school grade (0 = Grade R)'),
  maxGrade: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
});
export type Room = z.infer<typeof roomSchema>;
export const roomRequest = z.object({
  name: name('Room name'),
  minMonths: z.number().int().min(0).max(240).nullable().default(null),
  maxMonths: z.number().int().min(0).max(240).nullable().default(null),
  minGrade: z.number().int().min(0).max(12).nullable().default(null),
  maxGrade: z.number().int().min(0).max(12).nullable().default(null),
  capacity: z.number().int().min(1).max(1000).nullable().default(null),
});
export const roomsResponse = z.object({ status: z.literal('success'), data: z.object({ rooms: z.array(roomSchema) }) });
export const roomResponse = z.object({ status: z.literal('success'), data: z.object({ room: roomSchema }) });

export const printerSchema = z.object({ ...entityIds, name: z.string(), host: z.string(), port: z.number().int(), createdAt: z.string() });
export type Printer = z.infer<typeof printerSchema>;
export const printerRequest = z.object({
  name: name('Printer name'),
  host: z
    .string({ error: 'The printer address is required' })
    .trim()
    .min(1, 'The printer address is required')
    .max(253, { error: 'Give the printer address as an IP address or a host name (192.168.1.50)', abort: true })
    .regex(/^[A-Za-z0-9.:-]+$/, 'Give the printer address as an IP address or a host name (192.168.1.50)'),
  port: z.number().int().min(1).max(65535).default(9100),
});
export const printersResponse = z.object({ status: z.literal('success'), data: z.object({ printers: z.array(printerSchema) }) });
export const printerResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ printer: printerSchema }),
});

export const kioskSchema = z.object({
  ...entityIds,
  name: z.string(),
  printerId: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export const kioskRequest = z.object({ name: name('Kiosk name'), printerId: uuid.nullable().default(null) });
export const kiosksResponse = z.object({ status: z.literal('success'), data: z.object({ kiosks: z.array(kioskSchema) }) });
export const kioskCreatedResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    kiosk: kioskSchema,
    key: z.string().describe('The kiosk key (shown once): the device keeps it and sends it as X-Kiosk-Key'),
  }),
});

// ---- families ----

export const childInput = z.object({
  id: uuid.optional(),
  firstName: name('First name'),
  lastName: name('Surname').optional(),
  birthDate: localDate.optional().nullable(),
  grade: z.number().int().min(0).max(12).nullable().optional(),
  allergies: notes('Allergies'),
  medicalNotes: notes('Medical notes'),
});
export const guardianInput = z.object({ id: uuid.optional(), name: name('Parent or guardian name'), phone: guardianPhone });
export const collectorInput = z.object({
  id: uuid.optional(),
  name: name('Collector name'),
  phone: optionalPhoneField(),
  relationship: z.string().trim().max(40).optional(),
  authorised: z.boolean().default(true).describe('false: this person must never be given the children'),
});
export const familyRequest = z.object({
  name: name('Family name'),
  guardians: z.array(guardianInput).min(1, 'Add at least one parent or guardian').max(CHECKIN_LIMITS.guardiansMax),
  children: z.array(childInput).min(1, 'Add at least one child').max(CHECKIN_LIMITS.childrenMax),
  collectors: z.array(collectorInput).max(CHECKIN_LIMITS.collectorsMax).default([]),
});
export type FamilyRequest = z.input<typeof familyRequest>;

export const childSchema = z.object({
  ...entityIds,
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string().nullable(),
  grade: z.number().int().nullable(),
  allergies: z.string().nullable(),
  medicalNotes: z.string().nullable(),
  roomId: z.string().nullable().describe('The room that fits the child today (age or grade), if any'),
  checkedIn: z.object({ checkinId: z.string(), roomId: z.string(), code: z.string() }).nullable().describe('Already in for this service'),
});
export type Child = z.infer<typeof childSchema>;
export const familySchema = z.object({
  ...entityIds,
  name: z.string(),
  cardCode: z.string(),
  guardians: z.array(z.object({ id: z.string(), name: z.string(), phone: z.string() })),
  children: z.array(childSchema),
  collectors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      phone: z.string().nullable(),
      relationship: z.string().nullable(),
      authorised: z.boolean(),
    }),
  ),
});
export type Family = z.infer<typeof familySchema>;
export const familyResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ family: familySchema }),
});
export const familiesQuery = z.object({
  q: z.string().trim().min(2, 'Type at least two letters or digits').max(80),
  serviceId: uuid.optional(),
});
export const familiesResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    families: z.array(z.object({ id: z.string(), name: z.string(), guardians: z.array(z.string()), children: z.array(z.string()) })),
  }),
});

// ---- kiosk lookup ----

/** Last digits of a phone, or the text of a card's barcode/QR; `familyId` picks one of several matches. */
export const kioskLookupRequest = z
  .object({
    phoneDigits: z
      .string()
      .trim()
      .max(CHECKIN_LIMITS.phoneDigitsMax, { error: `Type at most ${CHECKIN_LIMITS.phoneDigitsMax} digits`, abort: true })
      .regex(
        new RegExp(`^\\d{${CHECKIN_LIMITS.phoneDigitsMin},${CHECKIN_LIMITS.phoneDigitsMax}}$`),
        `Type at least ${CHECKIN_LIMITS.phoneDigitsMin} digits`,
      )
      .optional(),
    card: z.string().trim().min(4, 'That card could not be read').max(CHECKIN_LIMITS.cardMax, 'That card could not be read').optional(),
    familyId: uuid.optional(),
    serviceId: uuid,
  })
  .refine((b) => !!b.phoneDigits !== !!b.card, { message: 'Type the last digits of your phone or scan your card', path: ['phoneDigits'] });
export type KioskLookupRequest = z.input<typeof kioskLookupRequest>;
export const kioskLookupResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    family: familySchema.omit({ guardians: true, collectors: true, cardCode: true }).nullable(),
    /** Several families match: first names of each family's guardians only (POPIA: no surnames, no numbers). */
    choices: z.array(z.object({ familyId: z.string(), firstNames: z.array(z.string()) })),
  }),
});

// ---- check-in and labels ----

export const checkinRequest = z.object({
  /** Made by the client once per tap, so a retried or double-tapped check-in is one check-in. */
  batchId: uuid.describe('Client-made id of this check-in (idempotent)'),
  serviceId: uuid,
  familyId: uuid,
  children: z
    .array(z.object({ childId: uuid, roomId: uuid, checkinId: uuid.describe('Client-made id of this child check-in') }))
    .min(1, 'Choose who is checking in')
    .max(CHECKIN_LIMITS.childrenMax),
  /** For a kiosk: the lookup that found the family (a kiosk sees no family it did not find). */
  phoneDigits: z.string().trim().max(CHECKIN_LIMITS.phoneDigitsMax).optional(),
  card: z.string().trim().max(CHECKIN_LIMITS.cardMax).optional(),
  /** A code the kiosk reserved while online, used when it checked in offline. */
  code: securityCode.optional(),
  checkedInAt: z.string().datetime().optional().describe('When an offline kiosk checked in (synced later)'),
});
export type CheckinRequest = z.input<typeof checkinRequest>;

export const labelSchema = z.object({
  kind: z.enum(['child', 'guardian']),
  code: z.string(),
  childName: z.string().nullable(),
  roomName: z.string().nullable(),
  allergies: z.string().nullable(),
  medicalNotes: z.string().nullable(),
  familyName: z.string(),
  serviceTitle: z.string(),
  date: z.string(),
  children: z.array(z.string()).describe('Guardian tag: the children it collects'),
});
export type Label = z.infer<typeof labelSchema>;
export const printOutcome = z.object({
  status: z.enum(['printed', 'failed', 'none']),
  message: z.string(),
  jobId: z.string().nullable(),
});
export const checkinResultSchema = z.object({
  code: z.string(),
  checkins: z.array(z.object({ id: z.string(), childId: z.string(), roomId: z.string(), status: z.enum(['in', 'out', 'duplicate']) })),
  labels: z.array(labelSchema),
  print: printOutcome,
  duplicate: z.boolean().describe('This batch was already recorded (a retry or a double tap)'),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;
export const checkinResponse = z.object({ status: z.literal('success'), message: z.string(), data: checkinResultSchema });

export const releaseRequest = z
  .object({
    serviceId: uuid,
    code: securityCode.optional().describe('The code on the guardian tag'),
    collectorId: uuid.optional().describe('An authorised collector, checked by the volunteer (ID shown)'),
    familyId: uuid.optional(),
    childIds: z.array(uuid).max(CHECKIN_LIMITS.childrenMax).optional().describe('Only these children (default: all on the tag)'),
  })
  .refine((b) => !!b.code || (!!b.collectorId && !!b.familyId), {
    message: 'Scan the tag, or choose an authorised collector',
    path: ['code'],
  });
export const releaseResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ released: z.array(z.object({ checkinId: z.string(), childName: z.string(), at: z.string(), releasedTo: z.string() })) }),
});
export const tagLookupResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    familyId: z.string(),
    familyName: z.string(),
    children: z.array(
      z.object({
        checkinId: z.string(),
        childId: z.string(),
        name: z.string(),
        roomName: z.string(),
        status: z.enum(['in', 'out', 'duplicate']),
      }),
    ),
    collectors: z.array(z.object({ id: z.string(), name: z.string(), relationship: z.string().nullable(), authorised: z.boolean() })),
  }),
});

export const kioskSessionResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    kiosk: z.object({ id: z.string(), name: z.string(), printer: z.string().nullable() }),
    services: z.array(z.object({ id: z.string(), title: z.string(), date: z.string(), time: z.string(), startsAt: z.string() })),
    rooms: z.array(roomSchema),
  }),
});

export const printJobSchema = z.object({
  ...entityIds,
  code: z.string(),
  printerName: z.string(),
  status: z.enum(['printed', 'failed']),
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
});
export const printJobsResponse = z.object({ status: z.literal('success'), data: z.object({ jobs: z.array(printJobSchema) }) });
export const printResponse = z.object({ status: z.literal('success'), message: z.string(), data: printOutcome });

// ---- load-shedding: the kiosk's own store ----

/** The sealed roster a kiosk keeps (see server/src/modules/checkin/roster.ts): no readable name in it. */
export const kioskRosterResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    salt: z.string(),
    digits: z.number().int().describe('How many last digits of a phone open an entry offline'),
    rooms: z.array(roomSchema),
    entries: z.array(z.object({ i: z.string(), iv: z.string(), data: z.string() })),
    builtAt: z.string(),
    codes: z.array(z.string()).describe('Security codes reserved for this kiosk today, for check-ins made offline'),
    serviceDay: z.string(),
  }),
});
export type KioskRoster = z.infer<typeof kioskRosterResponse>['data'];
/** What a sealed roster entry holds. */
export interface RosterFamily {
  familyId: string;
  name: string;
  children: {
    id: string;
    firstName: string;
    lastName: string;
    allergies: string | null;
    medicalNotes: string | null;
    roomId: string | null;
  }[];
}

// ---- the live room board ----

export const boardResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    rooms: z.array(
      z.object({
        roomId: z.string(),
        name: z.string(),
        capacity: z.number().int().nullable(),
        count: z.number().int(),
        collected: z.number().int(),
        children: z.array(
          z.object({ checkinId: z.string(), name: z.string(), allergies: z.string().nullable(), since: z.string(), offline: z.boolean() }),
        ),
      }),
    ),
    total: z.number().int(),
    collected: z.number().int(),
  }),
});
export type Board = z.infer<typeof boardResponse>['data'];
