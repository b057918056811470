import { z } from 'zod';
import { entityIds, pageInfo, paginationQuery } from './http';

/**
 * The member directory (issue 31): members who agreed to appear in it (consent
 * 'directory_listing': name, phone number and address) are listed for each
 * other and for leaders. A member who has not agreed sees how to join it, not
 * the list: the directory is shared among those who share.
 */
export const DIRECTORY_TEXTS = {
  title: 'Member Directory',
  notListed: 'The directory is shared among members who appear in it. Agree to appear in it to see the others.',
  join: 'Appear in the directory',
  joined: 'You now appear in the member directory',
  empty: 'No one matches your search',
  none: 'No members appear in the directory yet',
  failed: 'Failed to get the member directory',
  search: 'Search by name or phone',
} as const;

export const directoryQuery = paginationQuery(24, 100).extend({
  q: z.string().trim().max(100).optional().describe('Matches the name, or the phone in any form'),
});
export type DirectoryQuery = z.input<typeof directoryQuery>;

export const directoryEntrySchema = z.object({
  ...entityIds,
  name: z.string(),
  phone: z.string().nullable().describe('E.164'),
  address: z.string().nullable(),
  household: z.string().nullable().describe("The household's name"),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

export const directoryResponse = z.object({
  status: z.literal('success'),
  data: z.object({ members: z.array(directoryEntrySchema), ...pageInfo }),
});
