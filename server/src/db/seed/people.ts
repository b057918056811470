import type { Db } from '../client';
import { users } from '../schema/index';
import { hashPassword } from '../../lib/passwords';
import type { Role } from '@church/contract/roles';

/** The password of every demo account (README lists them). Demo data is for trying the product only. */
export const DEMO_PASSWORD = 'Church2026!';

export const DEMO_ACCOUNTS: { role: Role; name: string; email: string }[] = [
  { role: 'superadmin', name: 'Sipho Dlamini', email: 'superadmin@demo.church' },
  { role: 'admin', name: 'Anele Mokoena', email: 'admin@demo.church' },
  { role: 'pastor', name: 'Pastor David Nkosi', email: 'pastor@demo.church' },
  { role: 'elder', name: 'Grace van der Merwe', email: 'elder@demo.church' },
  { role: 'deacon', name: 'Thabo Mahlangu', email: 'deacon@demo.church' },
  { role: 'volunteer', name: 'Lerato Khumalo', email: 'volunteer@demo.church' },
  { role: 'member', name: 'Naledi Zulu', email: 'member@demo.church' },
  { role: 'developer', name: 'Pieter Botha', email: 'developer@demo.church' },
];

const FIRST = [
  'Ayanda',
  'Bongani',
  'Chloe',
  'Daniel',
  'Esther',
  'Fikile',
  'Gift',
  'Hannah',
  'Isaac',
  'Johan',
  'Karabo',
  'Lindiwe',
  'Musa',
  'Nomsa',
  'Oratile',
  'Palesa',
  'Refilwe',
  'Samuel',
  'Tumelo',
  'Unathi',
  'Vusi',
  'Wandile',
  'Xolani',
  'Yolanda',
  'Zanele',
  'Ruth',
  'Michael',
  'Priya',
  'James',
  'Mpho',
];
const LAST = [
  'Ndlovu',
  'Naidoo',
  'Smith',
  'Pillay',
  'Mthembu',
  'Jacobs',
  'Sithole',
  'Botha',
  'Molefe',
  'Petersen',
  'Nel',
  'Mabuza',
  'Adams',
  'Shabalala',
  'Fourie',
];
const ROLES: Role[] = ['member', 'member', 'member', 'member', 'volunteer', 'volunteer', 'deacon', 'member', 'elder', 'member'];
const GIFTS = ['Teaching', 'Hospitality', 'Music', 'Service', 'Encouragement', 'Giving', 'Leadership', 'Mercy', 'Intercession'];
const INTERESTS = [
  'Worship Team',
  'Youth Ministry',
  "Children's Church",
  'Outreach',
  'Prayer Team',
  'Media',
  'Welcome Team',
  'Bible Study',
];

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Demo accounts (one per role, with a password) and thirty more members of every kind. */
export async function seedPeople(db: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts = DEMO_ACCOUNTS.map((a, i) => ({
    name: a.name,
    email: a.email,
    passwordHash,
    role: a.role,
    permissions: a.role === 'developer' ? ['api:access'] : [],
    phone: `+2782555${String(1000 + i)}`,
    address: `${12 + i} Church Street, Pretoria`,
    joinDate: daysAgo(400 + i * 37),
    birthday: `19${80 + i}-0${(i % 9) + 1}-1${i % 9}`,
    isVolunteer: ['volunteer', 'deacon', 'elder'].includes(a.role),
    spiritualGifts: [GIFTS[i % GIFTS.length]!, GIFTS[(i + 3) % GIFTS.length]!],
    ministryInterests: [INTERESTS[i % INTERESTS.length]!],
  }));
  const members = Array.from({ length: 30 }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    const role = ROLES[i % ROLES.length]!;
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}${i}@example.org`.toLowerCase(),
      role,
      // A few recent joiners, a few who have drifted away, one visitor.
      status: i % 11 === 5 ? 'inactive' : i === 29 ? 'visitor' : 'active',
      isActive: true,
      isVolunteer: role !== 'member' || i % 6 === 0,
      phone: `+2771${String(2000000 + i * 7919).slice(0, 7)}`,
      address: `${i + 3} ${['Jacaranda', 'Protea', 'Acacia', 'Baobab'][i % 4]} Avenue, Pretoria`,
      joinDate: i < 4 ? daysAgo(3 + i * 6) : daysAgo(60 + i * 41),
      birthday: `19${60 + i}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      baptismDate: i % 3 === 0 ? daysAgo(200 + i * 20) : null,
      gender: (i % 2 === 0 ? 'female' : 'male') as 'female' | 'male',
      maritalStatus: (['single', 'married', 'married', 'widowed'] as const)[i % 4],
      occupation: ['Teacher', 'Nurse', 'Engineer', 'Student', 'Accountant', 'Retired'][i % 6],
      spiritualGifts: [GIFTS[i % GIFTS.length]!],
      ministryInterests: [INTERESTS[i % INTERESTS.length]!, INTERESTS[(i + 2) % INTERESTS.length]!],
    };
  });
  await db.insert(users).values([...accounts, ...members]);
}
