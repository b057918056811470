import type { Db } from '../client';
import { visitors } from '../schema/index';

const PEOPLE: [string, string, string, string[]][] = [
  ['Sibusiso', 'Mkhize', 'friend', ['Sunday Service', "Men's Ministry"]],
  ['Annelie', 'Kruger', 'website', ['Bible Study']],
  ['Tshepo', 'Masondo', 'social_media', ['Youth Ministry', 'Volunteer Opportunities']],
  ['Fatima', 'Essop', 'drive_by', ['Sunday Service']],
  ['Kagiso', 'Dube', 'friend', ['Prayer Meeting', 'Community Outreach']],
  ['Megan', 'Coetzee', 'flyer', ["Women's Ministry", 'Bible Study']],
  ['Lwazi', 'Ngcobo', 'social_media', ['Youth Ministry']],
  ['Busisiwe', 'Radebe', 'friend', ['Sunday Service', "Women's Ministry", 'Prayer Meeting']],
  ['Jaco', 'Steyn', 'website', ['Community Outreach']],
  ['Amahle', 'Zungu', 'other', ['Sunday Service', 'Volunteer Opportunities']],
  ['Rethabile', 'Mokoena', 'friend', ['Bible Study', 'Youth Ministry']],
  ['Naveen', 'Govender', 'drive_by', ['Sunday Service']],
];
const STATUSES = ['new', 'new', 'contacted', 'returning', 'new', 'contacted', 'member', 'new', 'returning', 'new', 'contacted', 'new'];

/** Visitors over the last two months, a few of them already followed up. */
export async function seedVisitors(db: Db) {
  const now = Date.now();
  await db.insert(visitors).values(
    PEOPLE.map(([firstName, lastName, howHeard, interests], i) => {
      const visited = new Date(now - (i * 5 + 1) * 86_400_000);
      return {
        firstName,
        lastName,
        email: `${firstName}.${lastName}@example.org`.toLowerCase(),
        phone: i % 3 === 0 ? null : `+2772${String(4100000 + i * 3571).slice(0, 7)}`,
        firstVisitDate: visited.toISOString().slice(0, 10),
        howHeard,
        interests,
        status: STATUSES[i]!,
        createdAt: visited,
        updatedAt: visited,
      };
    }),
  );
}
